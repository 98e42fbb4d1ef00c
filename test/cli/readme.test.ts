// The README against the code it describes: the command table against each command's --help (every flag and
// --format value is in its row), and the OpenAPI extensions table against the extensions generator/ reads.
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

// Response headers that the sandbox sends, not OpenAPI extensions.
const HEADERS = new Set(['x-content-type-options', 'x-frame-options']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe("README's OpenAPI extensions", () => {
  it('lists exactly the x- extensions that generator/ reads, and says how many', () => {
    const read = new Set<string>();
    for (const file of sources(join(repoRoot, 'generator'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](x-[a-z]+(?:-[a-z]+)*)['"`]/g)) if (!HEADERS.has(m[1]!)) read.add(m[1]!);
    }
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## OpenAPI extensions'), readme.indexOf('## Tokens and credentials'));
    const listed = [...section.matchAll(/^\| `(x-[a-z-]+)` \|/gm)].map((m) => m[1]!);
    expect(listed.sort()).toEqual([...read].sort());
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
    expect(section).toContain(`with ${words[listed.length]} vendor`);
  });
});
