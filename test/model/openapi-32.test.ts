// OpenAPI 3.2 in load and model: the version, nested tags, scheme deprecation, oauth2MetadataUrl and the device flow,
// Response summary, Example dataValue and serializedValue, and `$self` as the base of references.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleFile } from '../../generator/load/index.js';
import { resolveAgainstSelf } from '../../generator/load/self-uri.js';
import { buildApiModel } from '../../generator/model/index.js';
import { documentContext, documentRoot, mediaExample, namedExamples, operations, child } from '../../generator/model/conventions/index.js';
import { runDocex } from '../helpers/run-docex.js';

const FILE = 'test/fixtures/reading-32/api.yaml';
const scratch = mkdtempSync(join(tmpdir(), 'docex-32-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function model() {
  const { document } = await bundleFile(FILE, { mode: 'foreign' });
  return { document, api: buildApiModel(document, { id: '', name: 'Pets', apiPath: '', source: 'api.yaml' }) };
}

describe('OpenAPI 3.2 in load and model', () => {
  it('reads the version: 3.0, 3.1, 3.2', async () => {
    const { api } = await model();
    expect(api.version).toBe('3.2');
    const at = (openapi: string) => buildApiModel({ openapi, info: { title: 't', version: '1' }, paths: {} }, { id: '', name: 't', apiPath: '', source: 't' }).version;
    expect([at('3.0.3'), at('3.1.0'), at('3.2.0')]).toEqual(['3.0', '3.1', '3.2']);
  });

  it('puts tags with parent, kind and summary on the model', async () => {
    const { api } = await model();
    expect(api.tags).toEqual([
      { name: 'Pets', summary: 'All about pets', kind: 'nav' },
      { name: 'Cats', summary: 'Cats only', parent: 'Pets', kind: 'nav' },
      { name: 'Beta', kind: 'badge' },
    ]);
  });

  it('reads deprecated schemes, oauth2MetadataUrl and the device authorization flow', async () => {
    const { api } = await model();
    expect(api.schemes).toEqual([
      { name: 'legacyKey', kind: { type: 'apiKey', in: 'header', name: 'X-Api-Key' }, description: 'The old key.', deprecated: true },
      {
        name: 'oauth',
        kind: { type: 'tokens' },
        oauth2MetadataUrl: 'https://auth.example.com/.well-known/oauth-authorization-server',
        deviceAuthorization: { deviceAuthorizationUrl: 'https://auth.example.com/device', tokenUrl: 'https://auth.example.com/token', scopes: [] },
      },
    ]);
  });

  it('reads a response summary', async () => {
    const { api } = await model();
    expect(api.operations.find((o) => o.name === 'listPets')?.statuses[0]?.summary).toBe('The pets');
  });

  it('takes an example from dataValue first, else from serializedValue', async () => {
    const { document } = await model();
    const ctx = documentContext(document, FILE);
    const ops = operations(ctx, documentRoot(document, FILE));
    const media = (method: string, holder: string[]) => holder.reduce((at, key) => child(ctx, at, key), ops.find((o) => o.method === method)?.op);
    const listed = media('get', ['responses', '200', 'content', 'application/json'])!;
    expect(namedExamples(ctx, listed)).toMatchObject([{ name: 'both', value: [{ name: 'Tom' }] }]);
    expect(namedExamples(ctx, listed)[0]?.at.pointer).toMatch(/\/dataValue$/);
    const created = media('post', ['requestBody', 'content', 'application/json'])!;
    expect(mediaExample(ctx, created)).toMatchObject({ found: true, value: { name: 'Felix' } });
  });

  it('resolves $refs against $self: to the document itself, or to a file beside it, never fetched', async () => {
    const { document } = await model();
    const text = JSON.stringify(document);
    expect(text).not.toContain('docex.invalid/specs/pets/shared');
    expect(document.paths?.['/pets']?.post?.requestBody).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } } });
    const doc = {
      $self: 'https://a.example/apis/v1/pets.yaml',
      x: [{ $ref: 'https://a.example/apis/v1/pets.yaml#/components/schemas/A' }, { $ref: 'https://a.example/apis/common/b.yaml#/B' }, { $ref: 'c.yaml' }, { $ref: 'https://elsewhere.example/d.yaml' }, { $ref: '#/e' }],
    };
    resolveAgainstSelf(doc);
    expect(doc.x.map((r) => r.$ref)).toEqual(['#/components/schemas/A', '../common/b.yaml#/B', 'c.yaml', 'https://elsewhere.example/d.yaml', '#/e']);
  });

  it('marks a deprecated scheme @deprecated in the client\'s auth types; warnings name the file, not $self', async () => {
    const out = join(scratch, 'client');
    const r = await runDocex(['generate', '--input', FILE, '--output', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${FILE}:48: \`deviceAuthorization\` of OAuth flows is not carried`);
    expect(r.stderr).not.toContain('https://api.docex.invalid');
    const client = readFileSync(join(out, 'client.ts'), 'utf8');
    expect(client).toContain("   * The old key.\n   * @deprecated The document deprecates this scheme.\n   */\n  'legacyKey'?: string;");
  });
});
