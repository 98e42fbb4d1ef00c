// A suite that cannot run here (a tool or a folder outside the clone is missing) is skipped with its reason, which
// the test run's reporter (test/reporter.ts) prints in one line: a bare "skipped" leaves the reader guessing.
import type { TestOptions } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** Why the suite is skipped here, in a line a newcomer can act on. */
    skipReason?: string;
  }
}

/** describe() options: the suite runs when `runs` holds, and is skipped with `reason` otherwise. */
export function skipUnless(runs: boolean, reason: string): TestOptions {
  return runs ? {} : { skip: true, meta: { skipReason: reason } };
}
