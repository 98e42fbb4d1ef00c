// The consumer-impact report as a step of `docex generate`, right after the client-surface report: its inputs are
// explicit (the surface report, the output folder still holding the old output, the consumer's tsconfig), and it
// says whether `failOnBreaking` refuses the new output.
import type { ApiReport } from '../surface/index.js';
import type { FailOnBreaking } from '../util/config.js';
import { githubAnnotations, formatImpact } from './format.js';
import { breakingChanges, consumerImpact } from './index.js';
import type { ImpactReport } from './types.js';

interface ImpactStepInputs {
  reports: readonly ApiReport[];
  output: string;
  consumerProject: string | false;
  failOnBreaking: FailOnBreaking;
  log: (line: string) => void;
  /** Also print the places as GitHub Actions annotations on stdout. */
  annotate: boolean;
}

/** `report` when there are breaking changes and a consumer project is named; `refuse`: the output must stay as it is. */
export interface ImpactStepResult {
  report?: ImpactReport;
  /** The output must stay as it is (failOnBreaking). */
  refuse: boolean;
  ms: number;
}

export function impactStep(inputs: ImpactStepInputs): ImpactStepResult {
  const { failOnBreaking } = inputs;
  // No breaking change: nothing of the consumer's project is read.
  if (!breakingChanges(inputs.reports).length) return { refuse: false, ms: 0 };
  if (inputs.consumerProject === false) return { refuse: failOnBreaking !== false, ms: 0 };
  const start = performance.now();
  const report = consumerImpact({ reports: inputs.reports, output: inputs.output, tsconfig: inputs.consumerProject, cwd: process.cwd() });
  const ms = performance.now() - start;
  inputs.log(formatImpact(report));
  if (inputs.annotate) {
    const lines = githubAnnotations(report);
    if (lines) process.stdout.write(lines + '\n');
  }
  const refuse = failOnBreaking === true || (failOnBreaking === 'affected' && (report.notLoaded !== undefined || report.affected > 0));
  return { report, refuse, ms };
}
