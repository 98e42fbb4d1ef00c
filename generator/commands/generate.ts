import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { OutputTree } from '../emit/tree.js';
import { generateTree, type ApiSummary } from '../generate/pipeline.js';
import type { SurfaceStepResult } from '../generate/surface-step.js';
import { impactStep, type ImpactStepResult } from '../impact/step.js';
import { formatReport } from '../surface/index.js';
import type { EmitOverrides } from '../typescript/tasks.js';
import { resolveConfig, type FailOnBreaking } from '../util/config.js';
import { DocexError } from '../util/errors.js';
import { assertReplaceable, foreignFile } from '../write/guard.js';
import { diffTree, readTree, writeTree, type TreeDiff } from '../write/tree.js';

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

interface Flags {
  input?: string;
  api?: string[];
  output?: string;
  check: boolean;
  'fail-on-breaking'?: string;
  format: string;
  quiet: boolean;
  json: boolean;
  help: boolean;
}

/** `--fail-on-breaking` alone, or `=affected`. */
function failFlag(value: string | undefined): FailOnBreaking | undefined {
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'affected') return value;
  throw new DocexError(`--fail-on-breaking takes no value or "affected", not "${value}"`, 2);
}

function parseFlags(argv: string[]): Flags {
  return parseArgs({
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
  }).values;
}

type Log = (line: string) => void;
const operationsOf = (apis: ApiSummary[]) => apis.reduce((n, a) => n + a.operations, 0);

/** --check: the tree against what is on disk; exit 1 when stale. */
function checkOutput(tree: OutputTree, output: string, loud: boolean): { code: number; diff: TreeDiff } {
  const diff = diffTree(tree, readTree(output));
  const lines = [...diff.stale.map((f) => `stale: ${f}`), ...diff.missing.map((f) => `missing: ${f}`), ...diff.extra.map((f) => `extra: ${f}`)];
  if (lines.length && loud) process.stderr.write(`${output} is out of date; run \`docex generate\`:\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
  return { code: lines.length ? 1 : 0, diff };
}

/** The client-surface report, said; and, when it took more than a quarter of generating, that too. */
function logSurface(log: Log, surface: SurfaceStepResult, apis: ApiSummary[], elapsedMs: number): void {
  const text = formatReport(surface.reports);
  if (text) log(text);
  const generating = elapsedMs - surface.ms;
  if (surface.ms > generating / 4) {
    log(`client-surface report: reading the TypeScript of ${operationsOf(apis)} operations, before and after, took ${(surface.ms / 1000).toFixed(2)} s, more than a quarter of generating (${(generating / 1000).toFixed(2)} s)`);
  }
}

/** Writes the tree, unless the surface report found a breaking change and --fail-on-breaking holds it back (exit 1;
 *  `affected`: when the consumer-impact report found a place of the client's code it affects). */
function writeOutput(tree: OutputTree, output: string, surface: SurfaceStepResult | undefined, impact: ImpactStepResult, failOnBreaking: FailOnBreaking, loud: boolean): number {
  const breaking = surface?.reports.reduce((n, r) => n + r.breaking, 0) ?? 0;
  if (breaking && impact.refuse) {
    if (loud) process.stderr.write(`${breaking} breaking change${breaking === 1 ? '' : 's'} in the clients' TypeScript: ${output} left as it was (--fail-on-breaking${failOnBreaking === 'affected' ? '=affected' : ''})\n`);
    return 1;
  }
  writeTree(output, tree);
  return 0;
}

interface Outcome {
  output: string;
  check: boolean;
  code: number;
  seconds: number;
  tree: OutputTree;
  apis: ApiSummary[];
  diff?: TreeDiff;
  surface?: SurfaceStepResult;
  impact?: ImpactStepResult;
}

function jsonSummary({ output, check, code, seconds, tree, apis, diff, surface, impact }: Outcome): string {
  const summary = {
    ok: code === 0,
    output,
    check,
    files: tree.size,
    seconds: Number(seconds.toFixed(3)),
    ...(surface ? { surfaceSeconds: Number((surface.ms / 1000).toFixed(3)) } : {}),
    apis: apis.map((a) => ({ id: a.id, source: a.source, operations: a.operations, seconds: Number((a.ms / 1000).toFixed(3)), warnings: a.warnings.length })),
    ...(diff ? { stale: diff.stale, missing: diff.missing, extra: diff.extra } : {}),
    ...(surface ? { surface: surface.reports.filter((r) => r.changes.length) } : {}),
    ...(impact?.report ? { impactSeconds: Number((impact.ms / 1000).toFixed(3)), impact: impact.report } : {}),
  };
  return JSON.stringify(summary, null, 2) + '\n';
}

/** `docex generate`. `overrides`: tests' emitters, in place of docex's. */
export async function run(argv: string[], overrides?: EmitOverrides): Promise<number> {
  const values = parseFlags(argv);
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  // Flags > docex.config.json > defaults (openapi/ -> generated/ here; shipped documents -> src/generated in a client repo).
  if (values.format !== 'text' && values.format !== 'github-actions') throw new DocexError(`--format is text or github-actions, not "${values.format}"`, 2);
  const { input, output, apis: selected, documents, failOnBreaking, consumerProject, docsUrl } = resolveConfig(process.cwd(), {
    input: values.input,
    output: values.output,
    apis: values.api,
    failOnBreaking: failFlag(values['fail-on-breaking']),
  });
  const loud = !values.json && !values.quiet;
  const log: Log = loud ? (line) => process.stderr.write(line + '\n') : () => {};
  const start = performance.now();
  // An output docex wrote earlier (every file its own, write/guard.ts) is read first: after generation, the surface
  // step compares each API's new files with it, reading surfaces only where they differ. A folder with anything else
  // is refused by the guard (so `earlier` is the folder, or it does not exist).
  const earlier = !values.check && existsSync(output) && foreignFile(output) === undefined ? readTree(output) : undefined;
  const { tree, apis, surface } = await generateTree(input, { apis: selected, documents, docsUrl, previous: earlier?.size ? earlier : undefined, overrides });
  for (const api of apis) {
    for (const w of api.warnings) log(`  warning: ${w}`);
    const what = api.tokenClient ? 'the token client: sign-in, refresh, sign-out' : `${String(api.operations).padStart(5)} operations`;
    log(`${api.id.padEnd(14)} ${what}  ${(api.ms / 1000).toFixed(2)} s`);
  }
  let outcome: Pick<Outcome, 'code' | 'diff' | 'impact'>;
  if (values.check) outcome = checkOutput(tree, output, loud);
  else {
    // The output folder is replaced whole: never one that holds files docex did not write, or the input.
    assertReplaceable(output, [process.cwd(), input]);
    if (surface) logSurface(log, surface, apis, performance.now() - start);
    // The consumer-impact step, after the surface step: the places of the client's code its breaking changes affect,
    // read while the old output is still on disk.
    const impact = impactStep({ reports: surface?.reports ?? [], output, consumerProject, failOnBreaking, log, annotate: values.format === 'github-actions' && !values.json });
    outcome = { code: writeOutput(tree, output, surface, impact, failOnBreaking, loud), impact };
  }
  const seconds = (performance.now() - start) / 1000;
  const { code } = outcome;
  log(`${values.check ? (code ? 'stale' : 'up to date') : code ? 'not written' : 'generated'}: ${tree.size} files, ${apis.length} APIs, ${operationsOf(apis)} operations in ${seconds.toFixed(2)} s -> ${output}`);
  if (values.json) process.stdout.write(jsonSummary({ output, check: values.check, seconds, tree, apis, surface, ...outcome }));
  return code;
}
