// The client-surface report's rules on small documents: the same verdicts as docex diff for enums by reach,
// parameters and result properties.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { loadPrinter } from '../../generator/typescript/printer.js';
import { changedApis, surfaceStep } from '../../generator/generate/surface-step.js';
import { compareApi, extractSurface, surfaceReport } from '../../generator/surface/index.js';

const dir = mkdtempSync(join(tmpdir(), 'docex-surface-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Shape {
  kind?: string[];
  color?: string[];
  sizeRequired?: boolean;
  extraResult?: boolean;
  /** The request property addFilter body.label: a plain string, an x-extensible-enum or a closed enum. */
  label?: 'string' | 'extensible' | 'enum';
  /** OperationIds in namespaces (`items/list`, `filters/add`): the client's methods in resources. */
  namespaced?: boolean;
  /** More schemas under components.schemas: index.ts's named types. */
  schemas?: Record<string, object>;
}

const label = (kind: Shape['label']) => ({ type: 'string', ...(kind === 'enum' ? { enum: ['x', 'y'] } : kind === 'extensible' ? { 'x-extensible-enum': ['x', 'y'] } : {}) });

/** A document: GET /items?size&kind -> { kind, color, name }; kind is a closed enum in both directions, color open. */
function doc(name: string, s: Shape): string {
  const file = join(dir, `${name}.json`);
  const props: Record<string, object> = {
    kind: { $ref: '#/components/schemas/Kind' },
    color: { type: 'string', 'x-extensible-enum': s.color ?? ['Red', 'Green'] },
  };
  if (s.extraResult !== false) props['name'] = { type: 'string' };
  writeFileSync(
    file,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Items', version: '1' },
      paths: {
        '/items': {
          get: {
            operationId: s.namespaced ? 'items/list' : 'listItems',
            parameters: [
              { name: 'size', in: 'query', required: s.sizeRequired === true, schema: { type: 'integer' } },
              { name: 'kind', in: 'query', schema: { $ref: '#/components/schemas/Kind' } },
            ],
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', required: ['kind'], properties: props } } } } },
          },
        },
        '/filters': {
          post: {
            operationId: s.namespaced ? 'filters/add' : 'addFilter',
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { mode: { type: 'string', enum: s.kind ? ['a', 'b', 'c'] : ['a', 'b'] }, label: label(s.label) } } } } },
            responses: { '204': { description: 'ok' } },
          },
        },
      },
      components: { schemas: { Kind: { type: 'string', enum: s.kind ?? ['Small', 'Large'] }, ...s.schemas } },
    }),
  );
  return file;
}

async function report(base: Shape, head: Shape) {
  const [a, b] = [(await generateTree(doc('base', base))).tree, (await generateTree(doc('head', head))).tree];
  const [r] = surfaceReport(await loadPrinter(), a, b);
  return r!.changes.map((c) => `${c.breaking ? 'B' : 'N'} ${c.kind} ${c.target ?? c.operation ?? ''}${c.values ? ` ${c.values.join(',')}` : ''}`);
}

describe('client-surface report', () => {
  it('is empty for the same output', async () => {
    expect(await report({}, {})).toEqual([]);
  });

  it('a value added to an enum a response reaches breaks; to an extensible one or a request-only one it does not', async () => {
    expect(await report({}, { kind: ['Small', 'Large', 'Huge'], color: ['Red', 'Green', 'Blue'] })).toEqual([
      'B enum-value-added Kind Huge',
      'N enum-value-added listItems result.color Blue',
      'N enum-value-added addFilter body.mode c',
    ]);
  });

  it('a value removed from a request enum breaks', async () => {
    expect(await report({ kind: ['Small', 'Large', 'Huge'] }, {})).toContain('B enum-value-removed addFilter body.mode c');
  });

  it('a parameter that became required and a removed result property break', async () => {
    const changes = await report({}, { sizeRequired: true, extraResult: false });
    expect(changes).toContain('B parameter-became-required size');
    expect(changes).toContain('B response-property-removed listItems result.name');
  });

  it('a request string that became a closed enum breaks; one that became an x-extensible-enum does not (as docex diff)', async () => {
    expect(await report({}, { label: 'enum' })).toEqual(['B became-enum addFilter body.label x,y']);
    expect(await report({}, { label: 'extensible' })).toEqual(['N became-enum addFilter body.label x,y']);
    expect(await report({ label: 'enum' }, {})).toEqual(['N enum-removed addFilter body.label']);
  });

  it('reads methods in resources by their path, and reports a change of grouping as removed and added methods', async () => {
    const nested = await report({ namespaced: true }, { namespaced: true, sizeRequired: true, extraResult: false, kind: ['Small', 'Large', 'Huge'] });
    expect(nested).toContain('B parameter-became-required size');
    expect(nested).toContain('B response-property-removed items.list result.name');
    expect(nested).toContain('N enum-value-added filters.add body.mode c');
    const regrouped = await report({}, { namespaced: true });
    expect(regrouped).toEqual([
      'B operation-removed listItems',
      'B operation-removed addFilter',
      'B export-removed ListItemsParams',
      'B export-removed ListItemsResult',
      'B export-removed AddFilterParams',
      'B export-removed AddFilterResult',
      'N operation-added items.list',
      'N operation-added filters.add',
      'N export-added ItemsListParams',
      'N export-added ItemsListResult',
      'N export-added FiltersAddParams',
      'N export-added FiltersAddResult',
      'N export-added ItemsResource',
      'N export-added FiltersResource',
    ]);
  });
});

/** GET /outer and GET /middle (both with a `default` response of the same schema) and POST /inner: Outer -> Middle ->
 *  Inner, an enum of `values`, reached from responses through two components and from a request directly. */
function nested(name: string, values: string[]): string {
  const file = join(dir, `${name}.json`);
  const ref = (schema: string) => ({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } });
  const get = (id: string, schema: string) => ({ get: { operationId: id, responses: { '200': { description: 'ok', ...ref(schema) }, default: { description: 'error', ...ref(schema) } } } });
  writeFileSync(
    file,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Nested', version: '1' },
      paths: {
        '/outer': get('getOuter', 'Outer'),
        '/middle': get('getMiddle', 'Middle'),
        '/inner': { post: { operationId: 'sendInner', requestBody: ref('Inner'), responses: { '204': { description: 'ok' } } } },
      },
      components: {
        schemas: {
          Outer: { type: 'object', required: ['middle'], properties: { middle: { $ref: '#/components/schemas/Middle' } } },
          Middle: { type: 'object', required: ['inner'], properties: { inner: { $ref: '#/components/schemas/Inner' } } },
          Inner: { type: 'string', enum: values },
          Unused: { type: 'string', enum: values },
        },
      },
    }),
  );
  return file;
}

describe('components reached through other components', () => {
  // Components are walked when an operation first reaches them, and a component an operation already reached is not
  // walked again for it: a change two references deep is still seen, in both directions, with the operations reaching it.
  it("sees index.ts's named schema types: one that another schema or the client's own type takes the name of is a change", async () => {
    const repository = { type: 'object', properties: { id: { type: 'integer' } } };
    // `Repository` was `repository`'s; a new schema keyed `Repository` takes the name, `repository` moves to Repository2.
    expect(await report({ schemas: { repository } }, { schemas: { repository, Repository: repository } })).toEqual(['B export-changed Repository', 'N export-added Repository2']);
    // `AddFilterParams` was the schema's; the client's method addFilter now declares AddFilterParams, the schema's
    // type moves to AddFilterParamsSchema.
    const changes = await report({ namespaced: true, schemas: { AddFilterParams: repository } }, { schemas: { AddFilterParams: repository } });
    expect(changes).toContain('B export-changed AddFilterParams');
    expect(changes).toContain('N export-added AddFilterParamsSchema');
    const [a, b] = [(await generateTree(doc('rename-base', { namespaced: true, schemas: { AddFilterParams: repository } }))).tree, (await generateTree(doc('rename-head', { schemas: { AddFilterParams: repository } }))).tree];
    const message = surfaceReport(await loadPrinter(), a, b)[0]!.changes.find((c) => c.kind === 'export-changed')!.message;
    expect(message).toBe('exported AddFilterParams now names a type of the client, not components.schemas.AddFilterParams (now exported as AddFilterParamsSchema): code that imports it gets another type');
    // A schema type dropped by name only (the schema stays) says where it went.
    const gone = await generateTree(doc('gone-head', { schemas: { Repository: repository } }));
    const old = await generateTree(doc('gone-base', { schemas: { Repo: repository } }));
    expect(surfaceReport(await loadPrinter(), old.tree, gone.tree)[0]!.changes.map((c) => c.message)).toEqual(['exported Repo was removed: it breaks code that imports it', 'exported Repository was added']);
  });

  it('a value added to an enum two references deep is reported with the operations that reach it', async () => {
    const [a, b] = [(await generateTree(nested('nested-base', ['x', 'y']))).tree, (await generateTree(nested('nested-head', ['x', 'y', 'z']))).tree];
    const [r] = surfaceReport(await loadPrinter(), a, b);
    expect(r!.changes.map((c) => [c.breaking, c.kind, c.target, c.operation, c.values])).toEqual([[true, 'enum-value-added', 'Inner', 'getOuter', ['z']]]);
    expect(r!.changes[0]!.message).toContain('(request and response)');
    const printer = await loadPrinter();
    const inner = extractSurface(printer, b.get('client.ts')!, b.get('schema.ts')!).enums.get('Inner')!;
    expect(inner.operations).toEqual(['getOuter', 'getMiddle', 'sendInner']);
    expect([...inner.reach].sort()).toEqual(['request', 'response']);
  });

  it("a response component's headers are no part of the result, as an inline response's are not: an output from before schema.ts dropped `headers` reads the same", async () => {
    const file = join(dir, 'responses.json');
    const content = { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } };
    const withHeader = { description: 'ok', headers: { 'X-Rate': { schema: { type: 'integer' } } }, content };
    const write = (items: object) =>
      writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: { title: 'R', version: '1' }, paths: { '/items': { get: { operationId: 'listItems', responses: { '200': { $ref: '#/components/responses/Items' } } } } }, components: { responses: { Items: items } } }));
    write({ description: 'ok', content });
    const now = (await generateTree(file)).tree;
    const schema = now.get('schema.ts')!;
    expect(schema).not.toMatch(/headers: \{\s*\[name: string\]: unknown;\s*\};/);
    // As docex wrote it before: openapi-typescript's `headers` on a response that declares none.
    const old = new Map(now).set('schema.ts', schema.replace(/( +)Items: \{\n/, (line, indent: string) => `${line}${indent}    headers: {\n${indent}        [name: string]: unknown;\n${indent}    };\n`));
    expect(old.get('schema.ts')).not.toBe(schema);
    const printer = await loadPrinter();
    expect(surfaceReport(printer, old, now)[0]?.changes ?? []).toEqual([]);
    write(withHeader);
    expect(surfaceReport(printer, (await generateTree(file)).tree, now)[0]?.changes ?? []).toEqual([]);
    expect(extractSurface(printer, now.get('client.ts')!, schema).properties.response.has('responses.Items.content.application/json.name')).toBe(true);
  });

  it('an enum no operation reaches is not part of the surface', async () => {
    const tree = (await generateTree(nested('nested-unused', ['x']))).tree;
    const surface = extractSurface(await loadPrinter(), tree.get('client.ts')!, tree.get('schema.ts')!);
    expect(surface.enums.has('Unused')).toBe(false);
    expect([...surface.enums.keys()]).toEqual(['Inner']);
  });
});

describe('the surface step after generation', () => {
  it('generate with `previous` reads only the changed APIs on the TypeScript thread, with the gate parses, and reports them', async () => {
    const before = (await generateTree(doc('step-base', {}))).tree;
    const same = await generateTree(doc('step-base', {}), { previous: before });
    expect(same.surface?.reports).toEqual([{ api: '', breaking: 0, changes: [] }]);
    expect(same.surface?.read).toEqual([]);
    const changed = await generateTree(doc('step-head', { sizeRequired: true }), { previous: before });
    expect(changed.surface!.read).toEqual(['']);
    expect(changed.surface!.reports).toEqual(surfaceReport(await loadPrinter(), before, changed.tree));
    expect(changed.surface!.reports[0]!.breaking).toBeGreaterThan(0);
  });

  it('takes its inputs explicitly: the two trees and a reader, asked only for APIs whose client.ts or schema.ts differ', async () => {
    const [a, b] = [(await generateTree(doc('explicit-base', {}))).tree, (await generateTree(doc('explicit-head', { extraResult: false }))).tree];
    expect(changedApis(a, a)).toEqual([]);
    const asked: string[] = [];
    const printer = await loadPrinter();
    const result = await surfaceStep({
      previous: a,
      next: b,
      read: async (apis) => {
        asked.push(...apis.map((x) => x.dir));
        return { reports: apis.map((x) => [x.dir, compareApi(x.dir, extractSurface(printer, x.before.client, x.before.schema), extractSurface(printer, x.after.client, x.after.schema))]), ms: 0 };
      },
    });
    expect(asked).toEqual(['']);
    expect(result.reports).toEqual(surfaceReport(printer, a, b));
  });
});
