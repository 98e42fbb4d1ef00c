// Figure 12: the consumer-impact report's cost (issue 36: at most 1.0x of `tsc --noEmit -p` over the same consumer).
// A consumer of 200 files (bench/out/impact/app) calls the document/v1 client generated from openapi/; the documents
// are then changed as in the client-repo test (Direction gains "Forwarded") and regenerated with the report on and off
// (`consumerProject: false`), both refused by --fail-on-breaking so that every round starts from the same old output.
// The report's cost is the difference of the two, per round, against the consumer's own `tsc --noEmit -p` in the same
// round; the `impactSeconds` docex measures inside the run is printed beside it.
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, median, paired, runOnce } from './lib/measure.mjs';
import { Rows } from './lib/report.mjs';
import { docexBin, fresh, outDir, root, tscBin } from './lib/setup.mjs';

const FILES = 200;

/** One consumer file: a switch over Direction (affected in every fifth file), reads, calls, and code of its own. */
function consumerFile(i) {
  const exhaustive = i % 5 === 0;
  return `import type { components } from './generated/document/v1/index.js';
import { api } from './api.js';

type Doc = components['schemas']['Document'];

export function label${i}(doc: Doc): string {
  switch (doc.direction) {
    case 'Sent':
      return 'out ${i}';
${exhaustive ? "    case 'Received':\n      return 'in';\n" : '    default:\n      return `other ${doc.direction}`;\n'}  }
  return '';
}

export async function load${i}(id: string): Promise<string> {
  const doc = await api.getDocument({ documentId: id });
  const page = await api.listDocuments({ limit: ${10 + (i % 40)}, sort: '-createdAt' });
  return \`\${doc.id} \${page.items.length} \${label${i}(doc)}\`;
}

export class Ledger${i} {
  private readonly entries = new Map<string, number>();
  add(key: string, amount: number): this {
    this.entries.set(key, (this.entries.get(key) ?? 0) + amount);
    return this;
  }
  total(): number {
    let sum = 0;
    for (const v of this.entries.values()) sum += v;
    return sum;
  }
  top(n: number): [string, number][] {
    return [...this.entries].sort((a, b) => b[1] - a[1]).slice(0, n);
  }
}
`;
}

function setup() {
  const dir = fresh(join(outDir, 'impact'));
  const api = join(dir, 'api');
  cpSync(join(root, 'openapi'), api, { recursive: true });
  const app = join(dir, 'app');
  mkdirSync(join(app, 'src'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(app, 'node_modules'), 'dir');
  writeFileSync(join(app, 'tsconfig.json'), readFileSync(join(root, 'test/impact/fixtures/shop/consumer/tsconfig.json')));
  writeFileSync(join(app, 'src', 'api.ts'), "import { createDocumentClient } from './generated/document/v1/index.js';\n\nexport const api = createDocumentClient({ baseUrl: 'http://127.0.0.1:1/' });\n");
  for (let i = 0; i < FILES; i++) writeFileSync(join(app, 'src', `f${i}.ts`), consumerFile(i));
  // The report off: the same output, from a folder whose docex.config.json turns it off.
  const off = join(dir, 'off');
  mkdirSync(off);
  writeFileSync(join(off, 'docex.config.json'), JSON.stringify({ consumerProject: false }));
  return { api, app, off };
}

export async function run({ log, runs: runsOverride }) {
  const rows = new Rows('12. consumer-impact report');
  const { api, app, off } = setup();
  const output = join(app, 'src', 'generated');
  await runOnce({ args: [docexBin, 'generate', '--input', api, '--output', output, '--quiet'], cwd: app });
  const doc = join(api, 'document', 'v1', 'openapi.yaml');
  writeFileSync(doc, readFileSync(doc, 'utf8').replace('enum: [Sent, Received]', 'enum: [Sent, Received, Forwarded]'));
  const generate = (cwd) => ({ args: [docexBin, 'generate', '--input', api, '--output', output, '--fail-on-breaking', '--json'], cwd, okCodes: [1], timeoutMs: 240_000 });
  const variants = [
    { name: 'tsc', command: process.execPath, args: [tscBin(), '--noEmit', '-p', join(app, 'tsconfig.json')], cwd: app, timeoutMs: 240_000 },
    { name: 'report on', ...generate(app) },
    { name: 'report off', ...generate(off) },
  ];
  const runs = runsOverride ?? 5;
  log(`impact: tsc --noEmit vs docex generate with and without the consumer-impact report (${FILES} files) x ${runs}`);
  const r = await paired(variants, { runs, warmup: runsOverride ? 0 : 1, budgetMs: 240_000 });
  const [tsc, on, offR] = [r['tsc'], r['report on'], r['report off']];
  if (tsc.error || on.error || offR.error || !tsc.runs || !on.runs || !offR.runs) {
    rows.notMeasured('consumer-impact report', String(tsc.error ?? on.error ?? offR.error ?? 'no run'));
    return { rows: rows.list, results: {} };
  }
  const n = Math.min(tsc.samples.length, on.samples.length, offR.samples.length);
  const per = (key) => median(Array.from({ length: n }, (_, i) => (on.samples[i][key] - offR.samples[i][key]) / tsc.samples[i][key]));
  const [ratio, cpuRatio] = [per('wallMs'), per('cpuMs')];
  const inside = median(on.samples.map((s) => JSON.parse(s.stdout).impactSeconds * 1000));
  const places = JSON.parse(on.samples[0].stdout).impact?.affected;
  rows.add({ figure: `tsc --noEmit -p over a ${FILES}-file consumer`, value: tsc.wallMs, unit: 'ms', shown: `${fmt.ms(tsc.wallMs)} wall, ${fmt.ms(tsc.cpuMs)} cpu, n=${tsc.runs}` });
  rows.add({
    figure: `consumer-impact report (generate with it - without it)`,
    value: on.wallMs - offR.wallMs,
    unit: 'ms',
    shown: `${fmt.ms(on.wallMs - offR.wallMs)} wall (${fmt.ms(inside)} inside docex), CPU ${cpuRatio.toFixed(2)}x, ${places} places, n=${on.runs}`,
    ratio,
    vs: 'tsc --noEmit',
    target: '<= 1.0x',
    ok: ratio <= 1,
  });
  return { rows: rows.list, results: { tscMs: tsc.wallMs, onMs: on.wallMs, offMs: offR.wallMs, insideMs: inside, ratio, cpuRatio, places } };
}
