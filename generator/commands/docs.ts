import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite } from '../docs/site.js';
import { resolveConfig } from '../util/config.js';

const HELP = `Usage: docex docs [--input DIR|FILE] [--output DIR] [--strict]

Builds the static docs site. Of an openapi/ tree: a landing page, guides, one reference page per
sub API version and for the token service, changelogs from git tags, and the lint rules. Of one
OpenAPI 3.x document: an overview and its reference page.
  --input DIR|FILE  what to build from, as \`docex generate\` reads it (default: "input" of
                    docex.config.json, else ./openapi, else the documents shipped with docex)
  --output DIR      where to write the site (default: site)
  --strict          a construct of a document docex does not carry (each a warning on stderr naming
                    file and line) fails the build: exit 3, nothing written (also "strict": true in
                    docex.config.json)`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { input: { type: 'string' }, output: { type: 'string', default: 'site' }, strict: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  const cwd = process.cwd();
  // generate's settings (flags > docex.config.json > ./openapi > the shipped documents); the site has its own output.
  const { input, documents, apis, strict } = resolveConfig(cwd, { input: values.input, strict: values.strict });
  const warn = (line: string) => process.stderr.write(`warning: ${line}\n`);
  const result = await buildSite({ cwd, input, documents, apis, output: values.output, warn, strict });
  const rel = relative(cwd, result.output);
  const where = rel.startsWith('..') ? result.output : rel || '.';
  process.stdout.write(
    `docex docs: ${result.pages.length} pages in ${where}/ in ${result.seconds.toFixed(1)} s (reference pages ${result.referenceSeconds.toFixed(1)} s)\n`,
  );
  return 0;
}
