// Issue 41, unclear case decided: no command fetches a `$ref` over the network. `docex lint` used to fetch an http(s)
// ref (CI linting an untrusted change sent a request to any host it named) while `generate` refused it. Now every
// command reads $refs from local files only; a remote ref is a ref that does not resolve, with the reason: generate,
// diff, docs and the sandbox exit 2 on it, lint reports it as it reports a dangling ref (exit 1). A server on
// 127.0.0.1 that each ref points at must receive no request.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentYaml } from '../helpers/hostile.js';
import { runDocex, type RunResult } from '../helpers/run-docex.js';

const work = mkdtempSync(join(tmpdir(), 'docex-remote-ref-'));
const requests: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/yaml');
    res.end('Thing:\n  type: string\n');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  writeFileSync(join(work, 'base.yaml'), documentYaml(['    Thing: { type: string }']));
  // The remote ref in the entry document, and one in a local file the entry document reaches.
  writeFileSync(join(work, 'direct.yaml'), documentYaml(['    Thing:', `      $ref: "${base}/parts.yaml#/Thing"`]));
  writeFileSync(join(work, 'parts.yaml'), `Thing:\n  $ref: "${base}/deeper.yaml#/Thing"\n`);
  writeFileSync(join(work, 'indirect.yaml'), documentYaml(['    Thing:', '      $ref: "./parts.yaml#/Thing"']));
  const v1 = join(work, 'tree', 'openapi', 'document', 'v1');
  mkdirSync(v1, { recursive: true });
  writeFileSync(join(v1, 'openapi.yaml'), documentYaml(['    Thing:', `      $ref: "${base}/parts.yaml#/Thing"`]));
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(work, { recursive: true, force: true });
});

const REFUSED = /Can't resolve \$ref: remote reference http:\/\/127\.0\.0\.1:\d+\/(parts|deeper)\.yaml: docex does not fetch over the network/;

/** Exit 2 and one line naming the file and line of the ref. */
function refused(r: RunResult, command: string, file: string): void {
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.split('\n').filter(Boolean);
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^docex ${command}: ${file.replace(/[.\\/]/g, '\\$&')}:[1-9]\\d*: `));
  expect(lines[0]).toMatch(REFUSED);
}

describe('a $ref to an http URL (no command fetches it)', () => {
  // Redocly reports a ref that leads to a remote one at the first ref of the chain: the entry document's.
  it.each(['direct.yaml', 'indirect.yaml'])('%s: generate and diff exit 2 naming the ref; lint reports it unresolved', async (entry) => {
    refused(await runDocex(['generate', '--input', entry, '--output', 'out', '--quiet'], { cwd: work }), 'generate', entry);
    refused(await runDocex(['diff', 'base.yaml', entry], { cwd: work }), 'diff', entry);
    const lint = await runDocex(['lint', entry, '--format', 'json'], { cwd: work });
    expect(lint.code, lint.stderr).toBe(1);
    const unresolved = (JSON.parse(lint.stdout) as { problems: { ruleId: string; file: string; message: string }[] }).problems.filter((p) => p.ruleId === 'no-unresolved-refs');
    expect(unresolved.length).toBeGreaterThan(0);
    for (const p of unresolved) expect(p.message).toMatch(REFUSED);
    expect(requests).toEqual([]);
  });

  it('docs and the sandbox exit 2 naming the ref', async () => {
    const cwd = join(work, 'tree');
    const file = 'openapi/document/v1/openapi.yaml';
    refused(await runDocex(['docs', '--output', 'site'], { cwd }), 'docs', file);
    refused(await runDocex(['sandbox', '--openapi', 'openapi', '--port', '0'], { cwd, timeoutMs: 60_000 }), 'sandbox', file);
    expect(requests).toEqual([]);
  });
});
