// The order of `npm test`'s files: vitest's (the slowest of the last run first, else the largest), with the
// end-to-end files that take a minute or more started first even without a last run (a fresh clone, CI), so that
// none of them starts last and runs on alone.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = ['test/client-repo/client-repo.test.ts', 'test/docs/quick-start.test.ts', 'test/docs/site.test.ts'];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Within each project, which vitest keeps together.
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    const rank = (f: TestSpecification) => {
      const i = LONGEST.findIndex((name) => f.moduleId.endsWith(name));
      return projects.indexOf(f.project.name) * (LONGEST.length + 1) + (i < 0 ? LONGEST.length : i);
    };
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}
