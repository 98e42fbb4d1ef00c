// The API-specific checks on the bundled documents of openapi/: the designed operations, examples that validate
// against their schemas, and that each convention is exercised somewhere. Whether a document follows the
// conventions is the linter's job (generator/lint/, its fixtures, and `docex lint` over openapi/ in CI).
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { bundleFile, deref, discoverApis } from '../../generator/load/index.js';
import type { OpenApiDocument, ParameterObject, SchemaObject } from '../../generator/load/index.js';
import { readConventions } from '../../generator/model/read.js';
import { collectionItem, header, mediaExamples, operations, schemaOf, visitSchemas } from './walk.js';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => Ajv2020;

const root = fileURLToPath(new URL('../../openapi', import.meta.url));
const apis = discoverApis(root);
const docs = await Promise.all(
  apis.map(async (api) => ({ api, doc: (await bundleFile(api.file, { mode: 'own' })).document })),
);
const subApis = docs.filter((d) => d.api.id !== 'token');


/** Validates values against schemas of one bundled document (internal refs resolved in it). */
function validatorFor(id: string, doc: OpenApiDocument): (schema: SchemaObject | undefined, value: unknown) => string | undefined {
  const base = `urn:docex:${id}`;
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateSchema: false });
  addFormats(ajv);
  for (const f of ['binary', 'password', 'int32', 'int64']) ajv.addFormat(f, true);
  ajv.addSchema(doc as object, base);
  const rebase = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rebase);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#') ? base + v : rebase(v);
    return out;
  };
  return (schema, value) => {
    const validate = ajv.compile(rebase(schema ?? {}) as object);
    if (validate(value)) return undefined;
    return ajv.errorsText(validate.errors);
  };
}

describe.each(docs)('$api.id', ({ api, doc }) => {
  const ops = operations(doc);

  it('is bundled into one self-contained document', () => {
    const external = JSON.stringify(doc).match(/"\$ref":"[^#][^"]*"/g) ?? [];
    expect(external).toEqual([]);
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it('gives every operation a unique operationId and a summary', () => {
    expect(ops.length).toBeGreaterThan(0);
    const problems = ops.filter((o) => !o.op.operationId || !o.op.summary?.trim()).map((o) => o.where);
    expect(problems).toEqual([]);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has an example for each media type of each response, request body, parameter and header', () => {
    const missing: string[] = [];
    for (const o of ops) {
      for (const [status, r] of o.responses) {
        for (const [type, media] of Object.entries(r.content ?? {})) {
          if (mediaExamples(doc, media).length === 0) missing.push(`${o.where} ${status} ${type}`);
        }
      }
      for (const [type, media] of Object.entries(deref(doc, o.op.requestBody)?.content ?? {})) {
        // A binary upload has no meaningful inline example; every other body has one.
        if (mediaExamples(doc, media).length === 0 && schemaOf(doc, media.schema)?.format !== 'binary') missing.push(`${o.where} body ${type}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has examples that validate against their schemas', () => {
    const check = validatorFor(api.id, doc);
    const problems: string[] = [];
    const test = (where: string, schema: SchemaObject | undefined, value: unknown): void => {
      const error = check(schema, value);
      if (error) problems.push(`${where}: ${error}`);
    };
    let checked = 0;
    for (const o of ops) {
      for (const [status, r] of o.responses) {
        for (const [type, media] of Object.entries(r.content ?? {})) {
          for (const value of mediaExamples(doc, media)) (test(`${o.where} ${status} ${type}`, media.schema, value), checked++);
        }
        for (const name of Object.keys(r.headers ?? {})) {
          const h = header(doc, r, name);
          if (h && 'example' in h) (test(`${o.where} ${status} header ${name}`, h.schema, h.example), checked++);
        }
      }
      for (const [type, media] of Object.entries(deref(doc, o.op.requestBody)?.content ?? {})) {
        for (const value of mediaExamples(doc, media)) (test(`${o.where} body ${type}`, media.schema, value), checked++);
      }
      for (const p of o.params) if ('example' in p) (test(`${o.where} param ${p.name}`, p.schema, p.example), checked++);
    }
    visitSchemas(doc, (s, at) => {
      if ('example' in s && s.example !== undefined) (test(`${at} example`, s, s.example), checked++);
    });
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(ops.length);
  });

});

describe('the set of documents', () => {
  const all = docs.flatMap(({ api, doc }) => operations(doc).map((o) => ({ api, doc, ...o })));

  it('has the token service and at least three independently versioned sub APIs', () => {
    const ids = apis.map((a) => a.id);
    expect(ids).toContain('token');
    expect(ids).toEqual(expect.arrayContaining(['document/v1', 'file/v1', 'network/v1']));
    for (const { doc } of subApis) expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('defines at least 25 operations', () => {
    expect(all.length).toBeGreaterThanOrEqual(25);
  });

  it('exercises every convention somewhere', () => {
    const subOps = all.filter((o) => o.api.id !== 'token');
    const okBody = (o: (typeof all)[number]) => o.responses.find(([s]) => s.startsWith('2'))?.[1].content?.['application/json']?.schema;
    // Both collection shapes.
    expect(subOps.some((o) => o.method === 'get' && schemaOf(o.doc, okBody(o))?.type === 'array')).toBe(true);
    expect(subOps.some((o) => o.method === 'get' && schemaOf(o.doc, okBody(o))?.properties?.meta)).toBe(true);
    // searchTerm, a stand-alone singular resource, DELETE, a non-JSON upload answering 415.
    expect(subOps.some((o) => o.params.some((p) => p.name === 'searchTerm'))).toBe(true);
    expect(subOps.some((o) => o.path === '/current-user' && o.method === 'get')).toBe(true);
    expect(subOps.some((o) => o.method === 'delete')).toBe(true);
    const upload = subOps.find((o) => Object.keys(deref(o.doc, o.op.requestBody)?.content ?? {}).some((t) => !t.includes('json')));
    expect(upload?.responses.some(([s]) => s === '415')).toBe(true);
    // Both reference forms, and open value sets.
    const names = new Set<string>();
    let extensible = 0;
    for (const { doc } of subApis) {
      visitSchemas(doc, (s, _at, name) => {
        if (name) names.add(name);
        if (s['x-extensible-enum']) extensible++;
      });
    }
    expect([...names].some((n) => /[a-z]Id$/.test(n))).toBe(true);
    expect(subApis.some(({ doc }) => JSON.stringify(doc).includes('"x-expandable"'))).toBe(true);
    expect(extensible).toBeGreaterThan(0);
    // Every Cache-Control variant of the spec.
    const values = new Set<string>();
    for (const o of all) for (const [, r] of o.responses) values.add(String(schemaOf(o.doc, header(o.doc, r, 'Cache-Control')?.schema)?.const));
    expect([...values].sort()).toEqual(expect.arrayContaining(['max-age=3600', 'no-cache', 'no-store']));
  });

  it("serves each of the spec's common resources (2.5) from some sub API", () => {
    // Schema names lower-cased: `TradingPartner` is the spec's `tradingpartner`.
    const served = new Set<string>();
    for (const o of all.filter((x) => x.api.id !== 'token' && x.method === 'get')) {
      const body = o.responses.find(([s]) => s === '200')?.[1].content?.['application/json']?.schema;
      const resolved = schemaOf(o.doc, body);
      const items = resolved?.type === 'array' ? resolved.items : schemaOf(o.doc, resolved?.properties?.items)?.items;
      const ref = (collectionItem(o.doc, body) ? items : body) as { $ref?: string } | undefined;
      if (ref?.$ref) served.add(ref.$ref.split('/').pop()!.toLowerCase());
    }
    expect([...served]).toEqual(expect.arrayContaining(['user', 'company', 'companygroup', 'document', 'serviceprovider', 'tradingpartner']));
  });
});

describe('the document API', () => {
  const entry = docs.find((d) => d.api.id === 'document/v1');
  if (!entry) throw new Error('openapi/document/v1/openapi.yaml is missing');
  const { doc } = entry;
  const ops = operations(doc);
  const find = (id: string) => {
    const o = ops.find((x) => x.op.operationId === id);
    if (!o) throw new Error(`no operation ${id}`);
    return o;
  };
  const schemas = doc.components?.schemas ?? {};

  it('has the operations of the design with their methods and paths', () => {
    const got = ops.map((o) => `${o.op.operationId} ${o.where}`);
    expect(got).toEqual(
      expect.arrayContaining([
        'listDocuments GET /documents',
        'createDocument POST /documents',
        'getDocument GET /documents/{documentId}',
        'updateDocument PUT /documents/{documentId}',
        'deleteDocument DELETE /documents/{documentId}',
        'getDocumentPresentation GET /documents/{documentId}/presentation',
      ]),
    );
  });

  it('listDocuments: meta + items, limit up to at least 100, a closed documentType filter, sort by createdAt, expand sender', () => {
    const o = find('listDocuments');
    const body = schemaOf(doc, o.responses.find(([s]) => s === '200')?.[1].content?.['application/json']?.schema);
    expect(body?.required).toEqual(expect.arrayContaining(['meta', 'items']));
    expect(schemaOf(doc, body?.properties?.meta)?.required).toEqual(expect.arrayContaining(['offset', 'limit', 'total']));
    const param = (name: string): ParameterObject | undefined => o.params.find((p) => p.name === name);
    expect(schemaOf(doc, param('limit')?.schema)?.maximum).toBeGreaterThanOrEqual(100);
    const documentType = schemaOf(doc, param('documentType')?.schema);
    expect(documentType?.type).toBe('string');
    expect(documentType?.enum).toEqual(expect.arrayContaining(['Invoice', 'CreditNote', 'Order', 'OrderResponse']));
    expect(documentType?.['x-extensible-enum']).toBeUndefined();
    // Sorting and expansion as every part of docex reads them (the model's readings).
    const read = readConventions(doc, '').get('get /documents')!;
    expect(read.sortable?.fields).toContain('createdAt');
    expect(read.expandable.map((e) => [e.name, e.target])).toContainEqual(['sender', 'Company']);
    expect(param('searchTerm')).toBeDefined();
  });

  it('a document requires id, documentType, createdAt and sender; a company requires name', () => {
    expect(schemas.Document?.required).toEqual(expect.arrayContaining(['id', 'documentType', 'createdAt', 'sender']));
    expect(schemas.Document?.properties?.sender?.['x-expandable']).toBe('Company');
    expect(schemas.Company?.required).toContain('name');
    expect(schemaOf(doc, schemas.Document?.properties?.documentType)?.enum).toContain('Invoice');
  });

  it('getDocument: ETag with If-None-Match -> 304; updateDocument: If-Match -> 412; createDocument: 201, 409, optional If-Match', () => {
    const get = find('getDocument');
    const ok = get.responses.find(([s]) => s === '200')?.[1];
    expect(ok && header(doc, ok, 'ETag')).toBeDefined();
    expect(get.params.some((p) => p.in === 'header' && p.name === 'If-None-Match')).toBe(true);
    expect(get.responses.map(([s]) => s)).toContain('304');
    const put = find('updateDocument');
    expect(put.params.some((p) => p.in === 'header' && p.name === 'If-Match')).toBe(true);
    expect(put.responses.map(([s]) => s)).toEqual(expect.arrayContaining(['200', '412', '415']));
    const post = find('createDocument');
    const ifMatch = post.params.find((p) => p.in === 'header' && p.name === 'If-Match');
    expect(ifMatch?.required ?? false).toBe(false);
    expect(post.responses.map(([s]) => s)).toEqual(expect.arrayContaining(['201', '409', '412', '415']));
  });

  it('getDocumentPresentation offers PDF (default), XML and PNG and answers 406 otherwise', () => {
    const o = find('getDocumentPresentation');
    const ok = o.responses.find(([s]) => s === '200')?.[1];
    expect(Object.keys(ok?.content ?? {})).toEqual(['application/pdf', 'application/xml', 'image/png']);
    expect(o.responses.map(([s]) => s)).toContain('406');
  });
});

describe('the token service', () => {
  const entry = docs.find((d) => d.api.id === 'token');
  if (!entry) throw new Error('openapi/token/openapi.yaml is missing');
  const { doc } = entry;
  const ops = operations(doc);
  const token = ops.find((o) => o.where === 'POST /oauth2/token');
  const login = ops.find((o) => o.where === 'GET /oauth2/authorize');

  it('POST /oauth2/token takes one form body per grant, the password grant deprecated after 1 June 2025', () => {
    const media = deref(doc, token?.op.requestBody)?.content?.['application/x-www-form-urlencoded'];
    const body = schemaOf(doc, media?.schema);
    expect(body?.discriminator).toMatchObject({ propertyName: 'grant_type' });
    const grants = new Map((body?.oneOf ?? []).map((g) => {
      const s = schemaOf(doc, g);
      return [String(schemaOf(doc, s?.properties?.grant_type)?.const), s] as const;
    }));
    expect([...grants.keys()].sort()).toEqual(['authorization_code', 'password', 'refresh_token']);
    expect(grants.get('authorization_code')?.required).toEqual(expect.arrayContaining(['code', 'redirect_uri']));
    expect(grants.get('password')?.required).toEqual(expect.arrayContaining(['username', 'password']));
    expect(grants.get('password')?.deprecated).toBe(true);
    expect(grants.get('password')?.description).toContain('1 June 2025');
    expect(grants.get('refresh_token')?.required).toContain('refresh_token');
  });

  it('answers with the token response, and no-store on every response', () => {
    const ok = token?.responses.find(([s]) => s === '200')?.[1];
    const body = schemaOf(doc, ok?.content?.['application/json']?.schema);
    expect(body?.required).toEqual(expect.arrayContaining(['scope', 'access_token', 'token_type', 'expires_in', 'refresh_token']));
    expect(schemaOf(doc, body?.properties?.expires_in)?.type).toBe('integer');
    for (const o of ops) for (const [s, r] of o.responses) expect(schemaOf(doc, header(doc, r, 'Cache-Control')?.schema)?.const, `${o.where} ${s}`).toBe('no-store');
    const unauthorized = schemaOf(doc, token?.responses.find(([s]) => s === '401')?.[1].content?.['application/json']?.schema);
    expect(Object.keys(unauthorized?.properties ?? {})).toEqual(expect.arrayContaining(['error', 'error_description']));
  });

  it('GET /oauth2/authorize takes response_type=code, redirect_uri, client_id, optional state and PKCE, and redirects with code', () => {
    const p = new Map((login?.params ?? []).map((x) => [x.name, x]));
    for (const name of ['response_type', 'redirect_uri', 'client_id']) expect(p.get(name)?.required, name).toBe(true);
    expect(schemaOf(doc, p.get('response_type')?.schema)?.const).toBe('code');
    for (const name of ['state', 'code_challenge', 'code_challenge_method']) expect(p.get(name)?.required ?? false, name).toBe(false);
    const redirect = login?.responses.find(([s]) => s === '302')?.[1];
    expect(redirect && header(doc, redirect, 'Location')?.example).toMatch(/[?&]code=.*[?&]state=/);
    expect(Object.keys(login?.responses.find(([s]) => s === '200')?.[1].content ?? {})).toEqual(['text/html']);
  });
});
