// Issue 32: the generated SDK as a client developer reads it in an editor. TypeScript's language service hovers over
// a consumer of each generated client (hover-coverage.ts); the counts are printed, and every described parameter,
// body and body property, every method's HTTP line and @throws, deprecations with their sunset date and the
// all()/pages() texts must show.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { bundleFile, discoverApis, repairedForTypes } from '../../generator/load/index.js';
import { buildApiModel, shortTitle } from '../../generator/model/index.js';
import { repoRoot } from '../helpers/run-docex.js';
import { fixtures } from './helpers.js';
import { hoverCoverage, sumCoverage, type HoverCoverage } from './hover-coverage.js';

const root = '/hover';

/** Generates `input` in memory and measures the hovers of each API's client (all of them, the token service aside). */
async function measure(input: string, only?: (id: string) => boolean): Promise<Map<string, HoverCoverage>> {
  const { tree } = await generateTree(input);
  const files = new Map([...tree].map(([rel, text]) => [`${root}/${rel}`, text]));
  const single = input.endsWith('.yaml') || input.endsWith('.json');
  const entries = single ? [{ id: '', file: input, apiPath: '', name: undefined as string | undefined, mode: 'foreign' as const }] : discoverApis(input).filter((e) => e.id !== 'token' && (!only || only(e.id))).map((e) => ({ id: e.id, file: e.file, apiPath: `${e.subApi}/${e.version}/`, name: e.subApi, mode: 'own' as const }));
  const out = new Map<string, HoverCoverage>();
  for (const e of entries) {
    const { document } = repairedForTypes(await bundleFile(e.file, { mode: e.mode }));
    const api = buildApiModel(document, { id: e.id, name: e.name ?? shortTitle(document.info?.title ?? ''), apiPath: e.apiPath, source: e.file });
    const dir = e.id ? `${root}/${e.id}` : root;
    out.set(e.id || e.file, hoverCoverage(files, `${dir}/client.ts`, api, document));
  }
  return out;
}

const line = (name: string, c: HoverCoverage) =>
  `${name}: parameters ${c.params.shown}/${c.params.described}, body ${c.bodies.shown}/${c.bodies.described}, body properties ${c.bodyProps.shown}/${c.bodyProps.described}, ` +
  `HTTP line ${c.methods.httpLine}/${c.methods.total}, @throws ${c.methods.throws}/${c.methods.withErrors}, all()/pages() ${c.paging.own}/${c.paging.total}, ` +
  `@deprecated ${c.deprecated.shown}/${c.deprecated.total}, defaults and bounds ${c.bounds.shown}/${c.bounds.given}`;

function expectFull(c: HoverCoverage) {
  expect(c.misses).toEqual([]);
  expect(c.params.shown).toBe(c.params.described);
  expect(c.bodies.shown).toBe(c.bodies.described);
  expect(c.bodyProps.shown).toBe(c.bodyProps.described);
  expect(c.methods.httpLine).toBe(c.methods.total);
  expect(c.methods.throws).toBe(c.methods.withErrors);
  expect(c.paging.own).toBe(c.paging.total);
  expect(c.deprecated.shown).toBe(c.deprecated.total);
  expect(c.bounds.shown).toBe(c.bounds.given);
}

describe('hovers in an editor (TypeScript language service)', () => {
  it("openapi/: every described parameter, body and body property, every method's HTTP line and @throws", async () => {
    const byApi = await measure(join(repoRoot, 'openapi'));
    for (const [id, c] of byApi) console.log(line(id, c));
    const issue = sumCoverage(['document/v1', 'file/v2', 'network/v1'].map((id) => byApi.get(id)!));
    console.log(line("the issue's three (document/v1, file/v2, network/v1)", issue));
    const all = sumCoverage([...byApi.values()]);
    console.log(line('openapi/', all));
    expect(issue.params.described + issue.bodies.described).toBe(93); // every *Params property of the issue's count, `body` included
    expect(issue.methods.total).toBe(31);
    expectFull(all);
  }, 120_000);

  it("Figma's document: the same, on a foreign document", async () => {
    const byApi = await measure(join(repoRoot, 'node_modules/@figma/rest-api-spec/openapi/openapi.yaml'));
    const c = [...byApi.values()][0]!;
    console.log(line('Figma', c));
    expect(c.params.described).toBeGreaterThan(100);
    expectFull(c);
  }, 120_000);

  it('a deprecated operation hovers with @deprecated and its x-sunset date', async () => {
    const byApi = await measure(join(fixtures, 'basic/openapi.yaml'));
    const c = [...byApi.values()][0]!;
    console.log(line('basic fixture', c));
    expect(c.deprecated.total).toBeGreaterThan(0);
    expectFull(c);
  }, 120_000);

  it('UnexpectedBodyError is said once, on the client interface, not on every method (tsserver parses each tag)', async () => {
    const { tree } = await generateTree(join(fixtures, 'basic/openapi.yaml'));
    const client = [...tree].find(([rel]) => rel.endsWith('client.ts'))![1];
    const tags = client.match(/@throws UnexpectedBodyError\b/g) ?? [];
    expect(tags).toHaveLength(1);
    const clientDoc = client.slice(client.lastIndexOf('/**', client.indexOf('export interface BasicFixtureClient')), client.indexOf('export interface BasicFixtureClient'));
    expect(clientDoc).toContain('@throws UnexpectedBodyError ');
  });

  it('@throws names each class as a word, not a {type} (tsserver parses every tag type expression; the hover is the same)', async () => {
    const { tree } = await generateTree(join(fixtures, 'basic/openapi.yaml'));
    const client = [...tree].find(([rel]) => rel.endsWith('client.ts'))![1];
    expect(client).toMatch(/@throws BadRequestError 400/);
    expect(client).not.toMatch(/@throws \{/);
  });

  it("an operation's summary and description are written once, on the client method, not on schema.ts's paths slot too", async () => {
    const { tree } = await generateTree(join(fixtures, 'basic/openapi.yaml'));
    const file = (name: string) => [...tree].find(([rel]) => rel.endsWith(name))![1];
    const schema = file('schema.ts');
    const paths = schema.slice(0, schema.indexOf('export type webhooks'));
    for (const text of ['List items', 'The items, oldest first.', 'Upload raw bytes', 'Render an item']) {
      expect(paths).not.toContain(text);
      expect(file('client.ts')).toContain(text);
    }
  });
});

