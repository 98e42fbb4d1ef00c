// GitHub Actions workflow commands: an error annotation per breaking change, a notice for the rest.
import type { Change } from '../types.js';
import { countLevels } from './summary.js';

const data = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const prop = (s: string): string => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function formatGithubActions(changes: Change[]): string {
  const lines = changes.map((c) => {
    const kind = c.level === 'breaking' ? 'error' : 'notice';
    const props = [c.file ? `file=${prop(c.file)}` : '', c.line ? `line=${c.line}` : '', `title=${prop(`${c.level === 'breaking' ? 'Breaking change' : 'API change'} (${c.id})`)}`].filter(Boolean);
    const where = c.operations.length ? `${c.operations.join(', ')}: ` : '';
    return `::${kind} ${props.join(',')}::${data(`${c.api} ${where}${c.message}`)}`;
  });
  const n = countLevels(changes);
  lines.push(`docex diff: ${n.breaking} breaking, ${n['non-breaking']} non-breaking, ${n.info} info`);
  return lines.join('\n') + '\n';
}
