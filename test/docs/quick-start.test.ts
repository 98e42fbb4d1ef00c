// The Quick start guide (templates/docs/guides/quick-start.md), run as a reader follows it: every code block, in
// order, in one fresh folder. Shell blocks run in bash, keeping the exported environment and the working folder from
// one block to the next as a terminal does; a block whose first line is a `// path` comment is that file. The block
// that starts the sandbox "in a second terminal" is started by the test, in the background. Three things differ from
// a reader's run, each because a test may not depend on the network or a fixed port: the tarball the page has the
// reader put in the folder is this checkout packed (`npm pack`), typescript is pinned to the client's
// (CLIENT_TYPESCRIPT) and @types/node to this repository's version, both from npm's cache when it has them, and the
// sandbox listens on a free port (the page's 4010 is replaced by it).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Lexer, type Tokens } from 'marked';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TYPESCRIPT, INSTALL_COMMAND, TARBALL, TARBALL_SOURCE } from '../helpers/install-route.js';
import { repoRoot } from '../helpers/run-docex.js';
import { spawnSandbox, type SpawnedSandbox } from '../helpers/spawn-sandbox.js';

const PAGE = join(repoRoot, 'templates', 'docs', 'guides', 'quick-start.md');
const PAGE_PORT = 'http://127.0.0.1:4010';

interface Block {
  kind: 'shell' | 'file' | 'sandbox';
  text: string;
  /** For a file: its path in the folder. */
  path?: string;
  /** The heading the block is under. */
  section: string;
}

/** The page's code blocks in order, each classified; anything else is an error (every block must run). */
function blocksOf(markdown: string): Block[] {
  const out: Block[] = [];
  let section = '';
  for (const token of new Lexer().lex(markdown)) {
    if (token.type === 'heading') section = (token as Tokens.Heading).text;
    if (token.type !== 'code') continue;
    const { lang, text } = token as Tokens.Code;
    const path = /^\/\/ ([\w./-]+)\n/.exec(text)?.[1];
    if (lang === 'sh') out.push({ kind: /^npx docex sandbox$/m.test(text) ? 'sandbox' : 'shell', text, section });
    else if (path) out.push({ kind: 'file', text, path, section });
    else throw new Error(`${section}: a ${lang} block that is neither shell nor a file (first line "// <path>")`);
  }
  return out;
}

const pinned = (name: string): string => {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const version = pkg.dependencies[name] ?? pkg.devDependencies[name];
  if (!version) throw new Error(`${name} is not a dependency of docex`);
  return `${name}@${version}`;
};

let work = '';
let tarball = '';
let sandbox: SpawnedSandbox | undefined;
const blocks = blocksOf(readFileSync(PAGE, 'utf8'));

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'docex-quick-start-'));
  // dist/ is built (npm test's pretest): no prepare script, which another test's `npm pack` may be running.
  const packed = await sh(`npm pack --ignore-scripts --json --pack-destination ${JSON.stringify(work)}`, repoRoot);
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  tarball = join(work, (JSON.parse(packed.stdout) as { filename: string }[])[0]!.filename);
}, 300_000);

afterAll(async () => {
  await sandbox?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs `script` in bash (bounded in time). */
function sh(script: string, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd, env: { ...process.env, npm_config_update_notifier: 'false' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the Quick start guide', () => {
  it('has shell blocks and files, and starts the sandbox once', () => {
    expect(blocks.filter((b) => b.kind === 'sandbox')).toHaveLength(1);
    expect(blocks.filter((b) => b.kind === 'file').map((b) => b.path)).toEqual(expect.arrayContaining(['tsconfig.json', 'src/clients.ts']));
    expect(blocks.some((b) => b.kind === 'shell' && b.text.includes(`${TARBALL_SOURCE}\n${INSTALL_COMMAND}\n`))).toBe(true);
  });

  it('runs every code block in order against the sandbox, from npm install to error handling', async () => {
    const state = join(work, 'terminal.sh');
    writeFileSync(state, `cd ${JSON.stringify(work)}\n`);
    const outputs: { section: string; stdout: string; stderr: string }[] = [];
    let cwd = work;
    for (const block of blocks) {
      const text = sandbox ? block.text.replaceAll(PAGE_PORT, sandbox.url) : block.text;
      if (block.kind === 'file') {
        const file = join(cwd, block.path!);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, text);
        continue;
      }
      if (block.kind === 'sandbox') {
        // "In a second terminal, in the same folder": the sandbox the reader installed, on a free port.
        sandbox = await spawnSandbox(join(cwd, 'node_modules', '.bin', 'docex'), ['sandbox', '--port', '0'], cwd);
        continue;
      }
      // The reader's step "first put the tarball here" (test/helpers/install-route.ts), done with this checkout's.
      const script = text.replace(TARBALL_SOURCE, `cp ${JSON.stringify(tarball)} ${TARBALL}`).replace(/^npm install (.*)$/gm, (_line, args: string) => {
        const words = args.split(/\s+/).map((w) => (w === 'typescript' ? `typescript@${CLIENT_TYPESCRIPT}` : w === '@types/node' ? pinned(w) : w));
        return `npm install --prefer-offline --no-audit --no-fund ${words.join(' ')}`;
      });
      // After the state the earlier blocks left (exports, folder), which it then saves for the next one.
      const q = JSON.stringify(state);
      // set -e does not stop at a failing `a && b`: the block's last status is taken as well.
      const r = await sh(`set -eo pipefail\nsource ${q}\n${script}\nstatus=$?\nexport -p > ${q}\necho "cd $(printf %q "$PWD")" >> ${q}\necho "$PWD" > ${q}.pwd\nexit $status`, work);
      expect(r.code, `${block.section}:\n${script}\n${r.stdout}\n${r.stderr}`).toBe(0);
      cwd = readFileSync(`${state}.pwd`, 'utf8').trim();
      outputs.push({ section: block.section, stdout: r.stdout, stderr: r.stderr });
    }
    const said = (section: string) => outputs.filter((o) => o.section === section).map((o) => o.stdout).join('');
    expect(existsSync(join(cwd, 'src', 'generated', 'document', 'v1', 'client.ts'))).toBe(true);
    expect(said('Sign in')).toMatch(/^signed in until \d{4}-/m);
    expect(said('A first call')).toMatch(/^\d+ documents; the 5 newest:\n(.+\n){5}$/);
    expect(said('Page by page')).toMatch(/^\d+ invoices\nfrom 0: 100 of \d+ documents\n/);
    // The company's name and country: only the expanded sender has them.
    expect(said('Expand references')).toMatch(/^INV-2025-0042 from \S[^,]*, [A-Z]{2}\n$/);
    expect(said('A conditional update, and its 412')).toMatch(/^updated: version "[^"]+"\n412: changed since it was read/);
    expect(said('Errors')).toMatch(/^404: no such document \(.+\)\n400: .+\n$/);
    // The sandbox's sign-in with the deprecated password grant is the page's expected use: no warning for it.
    expect(outputs.map((o) => o.stderr).join('')).not.toMatch(/DeprecationWarning|DOCEX_PASSWORD_GRANT_DEPRECATED/);
  }, 600_000);
});
