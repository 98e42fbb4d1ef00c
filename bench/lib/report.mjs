// Result rows and the printed table. A row is one figure: an absolute value (for information) and, where a peer
// was measured in the same run, its ratio against that peer and the issue's target.

/**
 * @typedef {{ bench: string, figure: string, value?: number, unit?: string, shown?: string, ratio?: number, vs?: string,
 *   target?: string, ok?: boolean, note?: string }} Row
 */

export class Rows {
  /** @type {Row[]} */
  list = [];
  constructor(bench) {
    this.bench = bench;
  }
  add(row) {
    this.list.push({ bench: this.bench, ...row });
  }
  notMeasured(figure, why) {
    this.list.push({ bench: this.bench, figure, shown: 'not measured', note: oneLine(why) });
  }
}

export function oneLine(why) {
  const s = String(why instanceof Error ? why.message : why).split('\n').map((l) => l.trim()).filter(Boolean);
  return (s.find((l) => /error|Error|not |cannot|missing/.test(l)) ?? s[0] ?? '').slice(0, 160);
}

const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function printTable(rows, out = process.stdout) {
  const header = ['figure', 'value', 'ratio', 'vs', 'target', 'ok'];
  const lines = [];
  let bench;
  for (const r of rows) {
    if (r.bench !== bench) {
      bench = r.bench;
      lines.push({ section: bench });
    }
    const ratio = num(r.ratio) === undefined ? '' : `${r.ratio.toFixed(2)}x`;
    const ok = r.ok === undefined ? '' : r.ok ? 'yes' : 'NO';
    lines.push({ cells: [r.figure, r.shown ?? String(r.value ?? ''), ratio, r.vs ?? '', r.target ?? '', ok], note: r.note });
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.filter((l) => l.cells).map((l) => l.cells[i].length)));
  const fmtRow = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : i === 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ').trimEnd();
  out.write(`${fmtRow(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}\n`);
  for (const l of lines) {
    if (l.section) out.write(`## ${l.section}\n`);
    else out.write(`${fmtRow(l.cells)}${l.note ? `   (${l.note})` : ''}\n`);
  }
}
