import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generateTree } from '../emit/pipeline.js';
import { impactStep } from '../impact/step.js';
import { compareTrees, formatReport, type ApiReport } from '../surface/index.js';
import { resolveConfig, type FailOnBreaking } from '../util/config.js';
import { DocexError } from '../util/errors.js';
import { assertReplaceable, foreignFile } from '../write/guard.js';
import { diffTree, readTree, writeTree } from '../write/tree.js';

const HELP = `Usage: docex generate [--input DIR|FILE] [--output DIR] [--api ID]... [--check] [--fail-on-breaking[=affected]] [--format text|github-actions] [--quiet] [--json]

  --input   an openapi/ tree (default: ./openapi, else the documents shipped with docex) or one OpenAPI 3.x document
  --output  where to write (default generated/, or src/generated with a docex.config.json); replaced atomically
  --api     only this API (document/v1, token; repeatable); runtime/ is always generated
  --check   compare with what is on disk instead of writing; exit 1 when stale
  --fail-on-breaking
            when the report of what changed in the clients' TypeScript finds a breaking change: write
            nothing, exit 1 (also "failOnBreaking": true in docex.config.json)
  --fail-on-breaking=affected
            the same, only when a breaking change affects a place of your code (the consumer-impact report
            reads "consumerProject", default ./tsconfig.json, with docex's own TypeScript); when that project
            cannot be read, as --fail-on-breaking
  --format  text (default), or github-actions: the affected places also as annotations on stdout
            (with --json, only the JSON)
  --quiet   print nothing but errors
  --json    print only a JSON summary on stdout
`;

/** `--fail-on-breaking` alone, or `=affected`. */
function failFlag(value: string | undefined): FailOnBreaking | undefined {
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'affected') return value === 'affected' ? 'affected' : true;
  throw new DocexError(`--fail-on-breaking takes no value or "affected", not "${value}"`, 2);
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    // The bare flag is `--fail-on-breaking=true`: parseArgs has no option that is a boolean or a string.
    args: argv.map((a) => (a === '--fail-on-breaking' ? '--fail-on-breaking=true' : a)),
    options: {
      input: { type: 'string' },
      api: { type: 'string', multiple: true },
      output: { type: 'string' },
      check: { type: 'boolean', default: false },
      'fail-on-breaking': { type: 'string' },
      format: { type: 'string', default: 'text' },
      quiet: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (values.format !== 'text' && values.format !== 'github-actions') throw new DocexError(`--format is text or github-actions, not "${values.format}"`, 2);
  // Flags > docex.config.json > defaults (openapi/ -> generated/ here; shipped documents -> src/generated in a client repo).
  const { input, output, apis: selected, documents, failOnBreaking, consumerProject, docsUrl } = resolveConfig(process.cwd(), {
    input: values.input,
    output: values.output,
    apis: values.api,
    failOnBreaking: failFlag(values['fail-on-breaking']),
  });
  const log = values.quiet || values.json ? () => {} : (line: string) => process.stderr.write(line + '\n');
  const start = performance.now();
  // An output docex wrote earlier (every file its own, write/guard.ts) is read first, and the TypeScript thread compares
  // each API's new files with it: where they differ, it reads the surface before and after (the new one from its own
  // parse of the new files), so an unchanged API costs nothing. A folder with anything else is refused by the guard.
  const earlier = !values.check && existsSync(output) && foreignFile(output) === undefined ? readTree(output) : undefined;
  const { tree, apis, surfaces, surfaceMs } = await generateTree(input, { apis: selected, documents, docsUrl, previous: earlier?.size ? earlier : undefined });
  for (const api of apis) {
    for (const w of api.warnings) log(`  warning: ${w}`);
    log(`${api.id.padEnd(14)} ${String(api.operations).padStart(5)} operations  ${(api.ms / 1000).toFixed(2)} s`);
  }
  let code = 0;
  let diff;
  let surface: ApiReport[] | undefined;
  let impact: ReturnType<typeof impactStep> | undefined;
  if (values.check) {
    diff = diffTree(tree, readTree(output));
    const lines = [...diff.stale.map((f) => `stale: ${f}`), ...diff.missing.map((f) => `missing: ${f}`), ...diff.extra.map((f) => `extra: ${f}`)];
    if (lines.length) {
      code = 1;
      if (!values.json && !values.quiet) process.stderr.write(`${output} is out of date; run \`docex generate\`:\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
    }
  } else {
    // The output folder is replaced whole: never one that holds files docex did not write, or the input.
    assertReplaceable(output, [process.cwd(), input]);
    // What changed in the TypeScript the client compiled against (an earlier output docex wrote), per API.
    // (Read before generating: a folder that passed the guard is docex's, so `earlier` is it, or it does not exist.)
    if (earlier?.size) {
      surface = compareTrees(surfaces, earlier, tree);
      const text = formatReport(surface);
      if (text) log(text);
      // The report's budget is a quarter of what generating costs; a surface too large for it is said, not hidden.
      const generating = performance.now() - start - surfaceMs;
      if (surfaceMs > generating / 4) {
        const operations = apis.reduce((n, a) => n + a.operations, 0);
        log(`client-surface report: reading the TypeScript of ${operations} operations, before and after, took ${(surfaceMs / 1000).toFixed(2)} s, more than a quarter of generating (${(generating / 1000).toFixed(2)} s)`);
      }
    }
    const breaking = surface?.reduce((n, r) => n + r.breaking, 0) ?? 0;
    // The places of the consumer's code the breaking changes affect, read while the old output is still on disk.
    impact = impactStep({ reports: surface ?? [], output, consumerProject, failOnBreaking, log, annotate: values.format === 'github-actions' && !values.json });
    if (breaking && impact.refuse) {
      code = 1;
      if (!values.json && !values.quiet) process.stderr.write(`${breaking} breaking change${breaking === 1 ? '' : 's'} in the clients' TypeScript: ${output} left as it was (--fail-on-breaking${failOnBreaking === 'affected' ? '=affected' : ''})\n`);
    } else writeTree(output, tree);
  }
  const seconds = (performance.now() - start) / 1000;
  log(`${values.check ? (code ? 'stale' : 'up to date') : code ? 'not written' : 'generated'}: ${tree.size} files, ${apis.length} APIs, ${apis.reduce((n, a) => n + a.operations, 0)} operations in ${seconds.toFixed(2)} s -> ${output}`);
  if (values.json) {
    const summary = {
      ok: code === 0,
      output,
      check: values.check,
      files: tree.size,
      seconds: Number(seconds.toFixed(3)),
      ...(earlier?.size ? { surfaceSeconds: Number((surfaceMs / 1000).toFixed(3)) } : {}),
      apis: apis.map((a) => ({ id: a.id, source: a.source, operations: a.operations, seconds: Number((a.ms / 1000).toFixed(3)), warnings: a.warnings.length })),
      ...(diff ? { stale: diff.stale, missing: diff.missing, extra: diff.extra } : {}),
      ...(surface ? { surface: surface.filter((r) => r.changes.length) } : {}),
      ...(impact?.report ? { impactSeconds: Number((impact.ms / 1000).toFixed(3)), impact: impact.report } : {}),
    };
    process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
  }
  return code;
}
