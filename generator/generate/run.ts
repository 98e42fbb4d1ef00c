// Every step of `docex generate`, in order: load -> model -> emit -> surface (pipeline.ts), then either the check
// against the output on disk, or the consumer-impact step and the write. What the steps say on the way goes to `log`;
// the outcome is returned for the command to print.
import { existsSync } from 'node:fs';
import type { OutputTree } from '../emit/tree.js';
import { impactStep, type ImpactStepResult } from '../impact/step.js';
import { formatReport } from '../surface/index.js';
import type { EmitOverrides } from '../typescript/tasks.js';
import type { FailOnBreaking, ResolvedConfig } from '../util/config.js';
import { assertReplaceable, foreignFile } from '../write/guard.js';
import { diffTree, readTree, writeTree, type TreeDiff } from '../write/tree.js';
import { strictFailure } from '../model/unsupported-lines.js';
import { generateTree, type ApiSummary } from './pipeline.js';
import type { SurfaceStepResult } from './surface-step.js';

/** The resolved settings (flags > docex.config.json > defaults) and how to run. */
export interface RunOptions extends Pick<ResolvedConfig, 'input' | 'output' | 'apis' | 'documents' | 'docsUrl' | 'requestIdHeader' | 'failOnBreaking' | 'consumerProject' | 'strict'>, Partial<Pick<ResolvedConfig, 'clients'>> {
  /** Compare with what is on disk instead of writing. */
  check: boolean;
  /** The consumer-impact step also prints its places as GitHub Actions annotations on stdout. */
  annotate: boolean;
  log: (line: string) => void;
  /** Tests' emitters, in place of docex's. */
  overrides?: EmitOverrides | undefined;
}

export interface RunOutcome {
  output: string;
  check: boolean;
  /** 0: written or up to date; 1: stale (check), or held back by failOnBreaking. */
  code: number;
  seconds: number;
  tree: OutputTree;
  apis: ApiSummary[];
  diff?: TreeDiff;
  surface?: SurfaceStepResult;
  impact?: ImpactStepResult;
}

export const operationsOf = (apis: readonly ApiSummary[]): number => apis.reduce((n, a) => n + a.operations, 0);

export async function runGenerate(opts: RunOptions): Promise<RunOutcome> {
  const { input, output, check, log } = opts;
  const start = performance.now();
  // An output docex wrote earlier (every file its own, write/guard.ts) is read first: after generation, the surface
  // step compares each API's new files with it, reading surfaces only where they differ. A folder with anything else
  // is refused by the guard (so `earlier` is the folder, or it does not exist).
  const earlier = !check && existsSync(output) && foreignFile(output) === undefined ? readTree(output) : undefined;
  const { apis: selected, documents, docsUrl, requestIdHeader, clients, overrides } = opts;
  const { tree, apis, surface } = await generateTree(input, { apis: selected, documents, docsUrl, requestIdHeader, clients, previous: earlier?.size ? earlier : undefined, overrides });
  for (const api of apis) {
    for (const w of api.warnings) log(`  warning: ${w}`);
    const what = api.tokenClient ? 'the token client: sign-in, refresh, sign-out' : `${String(api.operations).padStart(5)} operations`;
    log(`${api.id.padEnd(14)} ${what}  ${(api.ms / 1000).toFixed(2)} s`);
  }
  const seconds = () => (performance.now() - start) / 1000;
  // --strict: a construct of the documents docex does not carry stops the run before anything is compared or written.
  const strict = strictFailure(opts.strict, apis.reduce((n, a) => n + a.unsupported, 0));
  if (strict) throw strict;
  if (check) {
    const { code, diff } = checkOutput(tree, output, log);
    return { output, check, code, seconds: seconds(), tree, apis, diff, ...(surface ? { surface } : {}) };
  }
  // The output folder is replaced whole: never one that holds files docex did not write, or the input.
  assertReplaceable(output, [process.cwd(), input]);
  if (surface) logSurface(log, surface, apis, performance.now() - start);
  // The consumer-impact step, after the surface step: the places of the client's code its breaking changes affect,
  // read while the old output is still on disk.
  const { consumerProject, failOnBreaking, annotate } = opts;
  const impact = impactStep({ reports: surface?.reports ?? [], output, consumerProject, failOnBreaking, log, annotate });
  const code = writeOutput(tree, output, surface, impact, failOnBreaking, log);
  return { output, check, code, seconds: seconds(), tree, apis, impact, ...(surface ? { surface } : {}) };
}

/** --check: the tree against what is on disk; 1 when stale. */
function checkOutput(tree: OutputTree, output: string, log: RunOptions['log']): { code: number; diff: TreeDiff } {
  const diff = diffTree(tree, readTree(output));
  const lines = [...diff.stale.map((f) => `stale: ${f}`), ...diff.missing.map((f) => `missing: ${f}`), ...diff.extra.map((f) => `extra: ${f}`)];
  if (lines.length) log(`${output} is out of date; run \`docex generate\`:\n${lines.map((l) => `  ${l}`).join('\n')}`);
  return { code: lines.length ? 1 : 0, diff };
}

/** The client-surface report, said; and, when it took more than a quarter of generating, that too. */
function logSurface(log: RunOptions['log'], surface: SurfaceStepResult, apis: ApiSummary[], elapsedMs: number): void {
  const text = formatReport(surface.reports);
  if (text) log(text);
  const generating = elapsedMs - surface.ms;
  if (surface.ms > generating / 4) {
    log(`client-surface report: reading the TypeScript of ${operationsOf(apis)} operations, before and after, took ${(surface.ms / 1000).toFixed(2)} s, more than a quarter of generating (${(generating / 1000).toFixed(2)} s)`);
  }
}

/** Writes the tree, unless the surface report found a breaking change and failOnBreaking holds it back (1;
 *  `affected`: when the consumer-impact report found a place of the client's code it affects). */
function writeOutput(tree: OutputTree, output: string, surface: SurfaceStepResult | undefined, impact: ImpactStepResult, failOnBreaking: FailOnBreaking, log: RunOptions['log']): number {
  const breaking = surface?.reports.reduce((n, r) => n + r.breaking, 0) ?? 0;
  if (breaking && impact.refuse) {
    log(`${breaking} breaking change${breaking === 1 ? '' : 's'} in the clients' TypeScript: ${output} left as it was (--fail-on-breaking${failOnBreaking === 'affected' ? '=affected' : ''})`);
    return 1;
  }
  writeTree(output, tree);
  return 0;
}
