// generate bundles and models on the main thread while a worker makes the TypeScript files (typescript/thread.ts).
// Over several APIs the error reported is still the one a one-thread run meets first, in API order: here API a/v1's
// schema.ts cannot be typed (found on the TypeScript thread), while b/v1 fails to bundle (on the main thread,
// possibly earlier in time). In-process, vitest runs the tasks in-thread; through the built CLI, in the worker.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { PRINT_ON_MAIN_ABOVE } from '../../generator/typescript/thread.js';
import { DocexError } from '../../generator/util/errors.js';
import { runDocex } from '../helpers/run-docex.js';
import { fixtures } from './helpers.js';

const work = mkdtempSync(join(tmpdir(), 'docex-threads-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const corpus = join(fixtures, 'corpus');
const documents = { 'a/v1': join(corpus, 'bare-string.yaml'), 'b/v1': join(corpus, 'remote-ref.yaml') };
const first = /bare-string\.yaml: cannot generate types: Expected SchemaObject, received string at #\/components\/schemas\/Group\/oneOf\/0$/;

describe('errors across APIs', () => {
  it('in-process: the first API in order wins', async () => {
    const input = join(work, 'empty');
    mkdirSync(input, { recursive: true });
    const err = await generateTree(input, { documents }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocexError);
    expect((err as DocexError).format()).toMatch(first);
  });

  it('through the worker (built CLI): the same error, exit 2, nothing written', async () => {
    const cwd = join(work, 'repo');
    mkdirSync(join(cwd, 'openapi'), { recursive: true });
    writeFileSync(join(cwd, 'docex.config.json'), JSON.stringify({ input: 'openapi', output: 'out', documents }));
    const r = await runDocex(['generate'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(first)]);
  });

  it('through the worker: an API after a good one still generates both', async () => {
    const cwd = join(work, 'good');
    mkdirSync(join(cwd, 'openapi'), { recursive: true });
    writeFileSync(join(cwd, 'docex.config.json'), JSON.stringify({ input: 'openapi', output: 'out', documents: { 'a/v1': join(fixtures, 'basic/openapi.yaml'), 'b/v1': join(corpus, 'names.yaml') } }));
    const r = await runDocex(['generate', '--json'], { cwd });
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { apis: { id: string; operations: number }[] };
    expect(summary.apis.map((a) => a.id)).toEqual(['a/v1', 'b/v1']);
  });
});

/** A document of `count` operations in resources (`items{i}/get`), each with a path parameter, a described query
 *  parameter, a body on every other one and a shared response schema. */
function largeDocument(count: number, note: string): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const op = {
      operationId: `items${i % 40}/op-${i}`,
      summary: `Operation ${i} ${note}`,
      description: `Does thing ${i}.\nOn "two" lines, with 'quotes' and a \`tick\`.`,
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'per_page', in: 'query', description: `Page size of ${i}.`, schema: { type: 'integer', maximum: 100 } },
      ],
      ...(i % 2 ? { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Input' } } } } } : {}),
      responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } }, '404': { description: 'missing' } },
    };
    paths[`/items/${i}/{id}`] = { [i % 2 ? 'post' : 'get']: op };
  }
  const schemas = {
    Item: { type: 'object', required: ['id'], properties: { id: { type: 'string', description: 'The id.' }, tags: { type: 'array', items: { type: 'string' } } } },
    Input: { type: 'object', properties: { name: { type: 'string', maxLength: 10 } } },
  };
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'Large', version: '1' }, paths, components: { schemas } });
}

describe('a large API (client files printed on the main thread, schema.ts on the worker)', () => {
  it('through the built CLI: the same files as in one thread, also over an earlier output (the surface step)', async () => {
    const dir = join(work, 'large');
    mkdirSync(dir, { recursive: true });
    const out = join(dir, 'out');
    for (const note of ['first', 'second']) {
      const file = join(dir, 'large.json');
      writeFileSync(file, largeDocument(PRINT_ON_MAIN_ABOVE + 1, note));
      const r = await runDocex(['generate', '--input', file, '--output', out, '--json'], { timeoutMs: 240_000 });
      expect(r.code, r.stderr).toBe(0);
      const { tree } = await generateTree(file);
      expect(tree.get('client.ts')).toContain(`Operation ${PRINT_ON_MAIN_ABOVE} ${note}`);
      const written = new Map(readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => {
        const path = relative(out, join(e.parentPath, e.name)).split(sep).join('/');
        return [path, readFileSync(join(out, path), 'utf8')] as const;
      }));
      expect([...written.keys()].sort()).toEqual([...tree.keys()].sort());
      for (const [path, text] of tree) expect(written.get(path) === text, path).toBe(true);
      if (note === 'second') expect((JSON.parse(r.stdout) as { surfaceSeconds?: number }).surfaceSeconds).toBeGreaterThanOrEqual(0);
    }
  }, 300_000);
});
