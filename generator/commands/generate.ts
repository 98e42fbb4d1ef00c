import { parseArgs } from 'node:util';
import { operationsOf, runGenerate, type RunOptions, type RunOutcome } from '../generate/run.js';
import { resolveConfig, type FailOnBreaking } from '../util/config.js';
import { DocexError } from '../util/errors.js';

const HELP = `Usage: docex generate [--input DIR|FILE] [--output DIR] [--api ID]... [--name NAME] [--check] [--strict] [--fail-on-breaking[=affected]] [--format text|github-actions] [--quiet] [--json]

  --input   an openapi/ tree (default: ./openapi, else the documents shipped with docex) or one OpenAPI 3.x document
  --output  where to write (default generated/, or src/generated with a docex.config.json); replaced atomically
  --api     only this API (document/v1, token; repeatable), with the runtime/ modules it imports
  --name    the client's name: --name GitHub gives createGitHubClient, GitHubClient and
            GitHubClientOptions (one document, or one --api; also "name" per API under "clients" in
            docex.config.json). Default: the API's folder name, or the document's title without words
            such as API, OpenAPI, spec, official and possessives
  --check   compare with what is on disk instead of writing; exit 1 when stale
  --strict  a construct of a document docex does not carry (each a warning naming file and line) is a
            failure: exit 3, nothing written (also "strict": true in docex.config.json)
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
  if (value === 'true') return true;
  if (value === 'affected') return value;
  throw new DocexError(`--fail-on-breaking takes no value or "affected", not "${value}"`, 2);
}

function parseFlags(argv: string[]) {
  return parseArgs({
    // The bare flag is `--fail-on-breaking=true`: parseArgs has no option that is a boolean or a string.
    args: argv.map((a) => (a === '--fail-on-breaking' ? '--fail-on-breaking=true' : a)),
    options: {
      input: { type: 'string' },
      api: { type: 'string', multiple: true },
      output: { type: 'string' },
      name: { type: 'string' },
      check: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      'fail-on-breaking': { type: 'string' },
      format: { type: 'string', default: 'text' },
      quiet: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  }).values;
}

function jsonSummary({ output, check, code, seconds, tree, apis, diff, surface, impact }: RunOutcome): string {
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

/** `docex generate`: its flags, the runner (generate/run.ts), and what it says at the end. `overrides`: tests'
 *  emitters, in place of docex's. */
export async function run(argv: string[], overrides?: RunOptions['overrides']): Promise<number> {
  const values = parseFlags(argv);
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (values.format !== 'text' && values.format !== 'github-actions') throw new DocexError(`--format is text or github-actions, not "${values.format}"`, 2);
  // Flags > docex.config.json > defaults (openapi/ -> generated/ here; shipped documents -> src/generated in a client repo).
  if (values.name !== undefined && !/[A-Za-z]/.test(values.name)) throw new DocexError(`--name takes a name with a letter, like GitHub, not "${values.name}"`, 2);
  const config = resolveConfig(process.cwd(), { input: values.input, output: values.output, apis: values.api, failOnBreaking: failFlag(values['fail-on-breaking']), name: values.name, strict: values.strict });
  const loud = !values.json && !values.quiet;
  const log = loud ? (line: string) => process.stderr.write(line + '\n') : () => {};
  const annotate = values.format === 'github-actions' && !values.json;
  const outcome = await runGenerate({ ...config, check: values.check, annotate, log, overrides });
  const { code, tree, apis, seconds, output } = outcome;
  log(`${values.check ? (code ? 'stale' : 'up to date') : code ? 'not written' : 'generated'}: ${tree.size} files, ${apis.length} APIs, ${operationsOf(apis)} operations in ${seconds.toFixed(2)} s -> ${output}`);
  if (values.json) process.stdout.write(jsonSummary(outcome));
  return code;
}
