import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite } from '../docs/site.js';

const HELP = `Usage: docex docs [--output DIR]

Builds the static docs site from openapi/: a landing page, guides, one reference page per
sub API version and for the token service, changelogs from git tags, and the lint rules.
  --output DIR   where to write the site (default: site)`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { output: { type: 'string', default: 'site' }, help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  const result = await buildSite({ cwd: process.cwd(), output: values.output });
  const rel = relative(process.cwd(), result.output);
  const where = rel.startsWith('..') ? result.output : rel || '.';
  process.stdout.write(
    `docex docs: ${result.pages.length} pages in ${where}/ in ${result.seconds.toFixed(1)} s (reference pages ${result.referenceSeconds.toFixed(1)} s)\n`,
  );
  return 0;
}
