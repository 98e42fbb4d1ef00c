// ARCHITECTURE.md holds the decisions and where they live, within 22 KB; the figures behind them are bench/'s, and
// every link to a figure (from ARCHITECTURE.md, bench/'s own pages and generator/'s comments) names a heading that
// exists, so a renamed heading cannot leave a decision pointing nowhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/run-docex.js';

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, each space a `-`. */
const anchorOf = (heading: string) =>
  heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/ /g, '-');

const headingAnchors = (markdown: string): Set<string> =>
  new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name), ext) : ext.test(e.name) ? [join(dir, e.name)] : []));
}

describe('ARCHITECTURE.md', () => {
  it('is at most 22 KB', () => {
    expect(readFileSync(join(repoRoot, 'ARCHITECTURE.md')).length).toBeLessThanOrEqual(22_000);
  });

  it('anchors are made as GitHub makes them (the check can fail)', () => {
    expect(anchorOf("The client-surface report's cost (figure 10)")).toBe('the-client-surface-reports-cost-figure-10');
    expect(anchorOf('9. corpus (only with `--only corpus`)')).toBe('9-corpus-only-with---only-corpus');
    expect(headingAnchors('# A\n## B c\n').has('b-c')).toBe(true);
  });

  it('and the code link only to headings of bench/ that exist', () => {
    const pages = new Map(['README.md', 'HISTORY.md'].map((f) => [f, headingAnchors(readFileSync(join(repoRoot, 'bench', f), 'utf8'))]));
    const sources = [join(repoRoot, 'ARCHITECTURE.md'), join(repoRoot, 'bench/README.md'), join(repoRoot, 'bench/HISTORY.md'), ...files(join(repoRoot, 'generator'), /\.ts$/)];
    const links: string[] = [];
    const broken: string[] = [];
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      const inBench = file.startsWith(join(repoRoot, 'bench'));
      for (const m of text.matchAll(/(?:\(|\b)((?:bench\/)?(README|HISTORY)\.md)?#([\w-]+)/g)) {
        const page = m[2] ? `${m[2]}.md` : inBench ? relative(join(repoRoot, 'bench'), file) : undefined;
        if (!page || (!m[1]?.startsWith('bench/') && !inBench)) continue;
        links.push(`${relative(repoRoot, file)} -> ${page}#${m[3]}`);
        if (!pages.get(page)?.has(m[3]!)) broken.push(`${relative(repoRoot, file)} -> ${page}#${m[3]}`);
      }
    }
    expect(links.length).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });
});
