// The consumer-impact report as text (file:line:column first, so editors and terminals link it) and as GitHub Actions
// annotations on the consumer's lines. The JSON is the ImpactReport itself (types.ts).
import type { ImpactChange, ImpactReport } from './types.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const what = (c: ImpactChange) => `${c.api ? `${c.api} ` : ''}${c.operation ? `${c.operation}: ` : ''}${c.message} [${c.kind}]`;

export function formatImpact(r: ImpactReport): string {
  const lines: string[] = [];
  if (r.notLoaded) {
    lines.push(`consumer impact: ${r.notLoaded}; every breaking change counts as affecting your code`);
    return lines.join('\n');
  }
  for (const p of r.places) lines.push(`${p.file}:${p.line}:${p.column}  ${what(p.change)}`);
  lines.push(`${plural(r.breaking, 'breaking change', 'breaking changes')}; ${plural(r.affected, 'place in your code is', 'places in your code are')} affected (${r.project ?? 'no project'}, read with docex's TypeScript ${r.typescript ?? ''})`);
  if (r.unaffected.length) {
    lines.push(`breaking changes that affect no code of yours:`);
    for (const c of r.unaffected) lines.push(`  ${what(c)}`);
  }
  return lines.join('\n');
}

/** Workflow-command escaping (data: %, CR, LF; properties also : and ,). */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const prop = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::error file=…,line=…,col=…,title=…::message`, one per place; a notice when the project could not be read. */
export function githubAnnotations(r: ImpactReport): string {
  if (r.notLoaded) return `::warning title=docex consumer impact::${data(r.notLoaded)}`;
  return r.places.map((p) => `::error file=${prop(p.file)},line=${p.line},col=${p.column},title=${prop(`docex: ${p.change.kind}`)}::${data(what(p.change))}`).join('\n');
}
