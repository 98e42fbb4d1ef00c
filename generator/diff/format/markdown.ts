// Markdown for a PR comment or a changelog section: per API, breaking first, information folded away.
import type { Change, Level } from '../types.js';
import { countLevels } from './summary.js';

interface MarkdownOptions {
  /** First heading; omitted when empty. Default: "API changes". */
  title?: string;
  /** Level of the first heading (2 = `##`); APIs get one level below. Default 2. */
  headingLevel?: number;
}

const SECTIONS: [Level, string][] = [
  ['breaking', 'Breaking changes'],
  ['non-breaking', 'Non-breaking changes'],
  ['info', 'Information'],
];

/** Escapes HTML-ish text outside code spans (inside them a backslash would show). */
const escape = (s: string): string =>
  s
    .split('`')
    .map((part, i) => (i % 2 === 0 ? part.replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;')) : part))
    .join('`');

function item(c: Change): string {
  const ops = c.operations.map((o) => `\`${o}\``);
  const where = ops.length === 0 ? '' : ops.length === 1 ? `${ops[0]}: ` : '';
  const reach = ops.length > 1 ? `, in ${ops.join(', ')}` : '';
  const message = where ? c.message : c.message.charAt(0).toUpperCase() + c.message.slice(1);
  return `- ${where}${escape(message)}${reach} <sub>\`${c.id}\`</sub>`;
}

export function formatMarkdown(changes: Change[], options: MarkdownOptions = {}): string {
  const level = options.headingLevel ?? 2;
  const h = (n: number): string => '#'.repeat(Math.min(6, n));
  const out: string[] = [];
  const title = options.title ?? 'API changes';
  const n = countLevels(changes);
  if (title) out.push(`${h(level)} ${title}`, '');
  if (!changes.length) {
    out.push('No changes.', '');
    return out.join('\n');
  }
  out.push(`**${n.breaking ? `${n.breaking} breaking` : 'No breaking'}** change${n.breaking === 1 ? '' : 's'}, ${n['non-breaking']} non-breaking, ${n.info} informational.`, '');
  const apis = [...new Set(changes.map((c) => c.api))];
  for (const api of apis) {
    out.push(`${h(level + 1)} \`${api}\``, '');
    const mine = changes.filter((c) => c.api === api);
    for (const [lvl, name] of SECTIONS) {
      const list = mine.filter((c) => c.level === lvl);
      if (!list.length) continue;
      if (lvl === 'info') out.push(`<details><summary>${name} (${list.length})</summary>`, '', ...list.map(item), '', '</details>', '');
      else out.push(`**${name}** (${list.length})`, '', ...list.map(item), '');
    }
  }
  return out.join('\n');
}
