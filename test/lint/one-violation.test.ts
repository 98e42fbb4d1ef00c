// Issue 3, "Done when": `docex lint` on a document with any one violation exits 1 and names that rule
// (the rules of the table, and the two added for the spec's sort and Cache-Control values).
// Each case starts from the clean, bundled document API and breaks exactly one convention; the built CLI lints the
// clean document alone, then every broken one in a single run (one process, as a user linting a tree has): in each
// document the only errors must be that rule's.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFile } from '../../generator/load/index.js';
import { repoRoot, runDocex } from '../helpers/run-docex.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edits an untyped document

const ok = (r: Json) => r.responses['200'];

/** One edit per rule: each breaks only that rule's convention. */
const VIOLATIONS: Record<string, (d: Json) => void> = {
  'property-camel-case': (d) => (d.components.schemas.Company.properties.vat_code = { type: 'string' }),
  'path-segment-case': (d) => rename(d, '/companies/{companyId}', '/Companies/{companyId}'),
  'path-param-camel-case': (d) => {
    const item = rename(d, '/companies/{companyId}', '/companies/{company_id}');
    item.parameters[0].name = 'company_id';
  },
  'query-param-camel-case': (d) => (param(d.paths['/documents'].get, 'isFetched').name = 'is_fetched'),
  'collection-path-plural': (d) => rename(d, '/documents/{documentId}/events', '/documents/{documentId}/history'),
  'id-string': (d) => (d.components.schemas.Document.properties.fileId = { type: 'integer' }),
  'enum-pascal-case': (d) => d.components.schemas.SendMode.enum.push('certification_run'),
  'timestamp-format': (d) => (d.components.schemas.Document.properties.archivedAt = { type: 'string' }),
  'reference-shape': (d) => (d.components.schemas.Document.properties.receiver['x-expandable'] = 'Firm'),
  'collection-shape': (d) => {
    const page = d.components.schemas.DocumentPage;
    page.properties.metadata = page.properties.meta;
    delete page.properties.meta;
    page.required = ['metadata', 'items'];
  },
  'collection-paging': (d) => {
    const list = d.paths['/documents'].get;
    list.parameters = list.parameters.filter((p: Json) => resolve(d, p).name !== 'offset');
  },
  'sort-param': (d) => (param(d.paths['/documents'].get, 'sort')['x-sortable'].default = 'priority'),
  'sort-values': (d) => (param(d.paths['/documents'].get, 'sort').schema.pattern = '^(createdAt|issueDate|dueDate|documentIdentifier)$'),
  'cache-control-value': (d) => (ok(d.paths['/documents/{documentId}/events'].get).headers['Cache-Control'] = { schema: { type: 'string', const: 'public' } }),
  'expand-param': (d) => d.paths['/documents/{documentId}/events'].get.parameters = [{ $ref: '#/components/parameters/Expand' }],
  'error-body': (d) => {
    d.paths['/companies/{companyId}'].get.responses['404'] = {
      description: 'Not found.',
      headers: { 'Cache-Control': { schema: { type: 'string', const: 'no-store' } } },
      content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
    };
  },
  'error-statuses': (d) => delete d.paths['/documents/{documentId}/presentation'].get.responses['406'],
  'cache-control': (d) => delete ok(d.paths['/companies/{companyId}'].get).headers['Cache-Control'],
  'etag-pairing': (d) => {
    const get = d.paths['/companies/{companyId}'].get;
    get.parameters = [];
    delete get.responses['304'];
  },
  'versioned-server': (d) => (d.servers[0].url = 'https://api.{region}.{serviceHost}/document'),
  'http-methods': (d) => {
    const item = d.paths['/documents/{documentId}'];
    item.patch = { ...structuredClone(item.put), operationId: 'patchDocument' };
  },
  'bearer-security': (d) => (d.paths['/companies/{companyId}'].get.security = []),
  'no-enum-for-open-sets': (d) => (d.components.schemas.Direction.description += ' These values may change.'),
  'post-creates': (d) => {
    const responses = d.paths['/documents'].post.responses;
    responses['200'] = responses['201'];
    delete responses['201'];
  },
  'effect-valid': (d) => (d.paths['/document-fetches'].post['x-effect'].set = { isFetched: 'yes' }),
};

function resolve(d: Json, node: Json): Json {
  if (typeof node.$ref !== 'string') return node;
  return node.$ref.slice(2).split('/').reduce((n: Json, k: string) => n[k], d);
}

function param(op: Json, name: string): Json {
  const found = op.parameters.find((p: Json) => p.name === name);
  if (!found) throw new Error(`no inline parameter ${name}`);
  return found;
}

function rename(d: Json, from: string, to: string): Json {
  const item = d.paths[from];
  if (!item) throw new Error(`no path ${from}`);
  d.paths = Object.fromEntries(Object.entries(d.paths).map(([k, v]) => [k === from ? to : k, v]));
  return item;
}

interface LintJson {
  problems: { ruleId: string; severity: string; file: string; line: number; message: string }[];
}

let dir = '';
const file = (name: string) => join(dir, `${name}.json`);
let clean: { code: number; out: LintJson };
let broken: { code: number; out: LintJson };

async function lint(files: string[]): Promise<{ code: number; out: LintJson }> {
  const r = await runDocex(['lint', ...files, '--format', 'json']);
  return { code: r.code, out: JSON.parse(r.stdout) as LintJson };
}

/** The rules with an error in `name`'s document. */
const errorsIn = (r: { out: LintJson }, name: string) => [...new Set(r.out.problems.filter((p) => p.file === file(name) && p.severity === 'error').map((p) => p.ruleId))].sort();

beforeAll(async () => {
  const base = (await bundleFile(join(repoRoot, 'openapi/document/v1/openapi.yaml'), { mode: 'foreign' })).document as Json;
  dir = mkdtempSync(join(tmpdir(), 'docex-one-violation-'));
  writeFileSync(file('clean'), JSON.stringify(base, null, 2));
  for (const [id, edit] of Object.entries(VIOLATIONS)) {
    const doc = structuredClone(base);
    edit(doc);
    writeFileSync(file(id), JSON.stringify(doc, null, 2));
  }
  [clean, broken] = await Promise.all([lint([file('clean')]), lint(Object.keys(VIOLATIONS).map(file))]);
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('docex lint on the bundled document API with one violation', () => {
  it('the unedited bundle is clean (exit 0)', () => {
    expect(clean.out.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(clean.code).toBe(0);
  });

  it('documents with errors: exit 1', () => {
    expect(broken.code).toBe(1);
  });

  it.each(Object.keys(VIOLATIONS))('docex/%s: an error of only that rule, with file and line', (id) => {
    expect(errorsIn(broken, id)).toEqual([`docex/${id}`]);
    for (const p of broken.out.problems.filter((x) => x.file === file(id) && x.ruleId === `docex/${id}`)) {
      expect(p.line).toBeGreaterThan(1);
      expect(p.message).toMatch(/^[A-Z].*[.)]$/);
    }
  });
});
