import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

// Files that replace a module (vi.mock) or test what happens once per process (the token client's deprecation notice)
// run each in a fresh process; the others share a worker's loaded modules, so that TypeScript, Redocly and docex are
// loaded once per worker rather than once per file.
const ISOLATED = ['test/cli/bug.test.ts', 'test/write/rollback.test.ts', 'test/token/client-grants.test.ts', 'test/load/redocly-types.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, idle while a file waits on the
    // processes and servers it starts. Two files at a time, beside tsc's type tests.
    maxWorkers: 2,
    // Each file as it finishes, with its time; off a terminal, the files still running; skips with their reasons and
    // the slowest files at the end.
    reporters: ['./test/reporter.ts'],
    // A test's own line is printed when it takes longer than this (vitest's 300 ms lists most of them).
    slowTestThreshold: 5_000,
    sequence: { sequencer: LongestFirst },
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, typecheck: { enabled: false } } },
    ],
  },
});
