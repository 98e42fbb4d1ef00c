// The generated client guide's TypeScript samples (templates/docs/guides/client.md) compile under tsc --strict against
// a client generated from GitHub's document, as a reader would write them in a file of their own. The Quick start's
// samples are run by quick-start.test.ts.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { writeTree } from '../../generator/write/tree.js';
import { outRoot, typecheckEach } from '../generator/helpers.js';
import { repoRoot } from '../helpers/run-docex.js';

const guide = readFileSync(join(repoRoot, 'templates/docs/guides/client.md'), 'utf8');
/** Each ```ts block, its indentation (a block inside a list item) taken off. */
const samples = [...guide.matchAll(/^( *)```ts\n([^]*?)^\1```$/gm)].map(([, indent, body]) => body!.replace(new RegExp(`^${indent}`, 'gm'), ''));
const dir = join(outRoot, 'client-guide');

let diagnostics = '';
beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  writeTree(join(dir, 'github'), (await generateTree(join(repoRoot, 'node_modules/@octokit/openapi/generated/api.github.com.json'), { clients: { '*': { name: 'GitHub' } } })).tree);
  // The streaming section's samples: GitHub's document has no stream operation.
  writeTree(join(dir, 'streams'), (await generateTree(join(repoRoot, 'test/fixtures/streams/v32.yaml'))).tree);
  mkdirSync(dir, { recursive: true });
  samples.forEach((s, i) => writeFileSync(join(dir, `sample-${i + 1}.ts`), s));
  diagnostics = (await typecheckEach('client-guide', ['client-guide'])).get('client-guide')!;
}, 300_000);

describe('the generated client guide', () => {
  it('has TypeScript samples, each a module of a GitHub client (or, streaming, of the streams fixture\'s)', () => {
    expect(samples.length).toBeGreaterThanOrEqual(2);
    for (const s of samples) expect(s).toMatch(/from '\.\/(github|streams)\/index\.js'/);
  });

  it('compiles every sample under tsc --strict', () => {
    expect(diagnostics).toBe('');
  });
});
