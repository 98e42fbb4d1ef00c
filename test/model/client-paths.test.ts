// Where methods sit on the client (model/client-paths.ts): operationId namespaces, opt-in tag grouping, renames, and
// the deterministic answer to every name collision.
import { describe, expect, it } from 'vitest';
import { clientPaths, type ClientNaming, type Named } from '../../generator/model/client-paths.js';
import { shortTitle } from '../../generator/model/names.js';

const op = (operationId: string, tag?: string): Named => ({ operationId, base: operationId, ...(tag ? { tag } : {}) });
function paths(ops: Named[], naming: ClientNaming = {}): { paths: string[]; warnings: string[] } {
  const warnings: string[] = [];
  return { paths: clientPaths(ops, naming, (w) => warnings.push(w)).map((p) => p.join('.')), warnings };
}

describe('client paths', () => {
  it('groups by operationId namespaces (`/` and `.`), camelCasing each part; ids without one stay top-level, whatever their tags', () => {
    const ops = [op('repos/get', 'repos'), op('repos/list-for-user', 'repos'), op('compute.instances.list'), op('listDocuments', 'Documents'), op('get_thing')];
    expect(paths(ops).paths).toEqual(['repos.get', 'repos.listForUser', 'compute.instances.list', 'listDocuments', 'getThing']);
  });

  it('leaves names derived from method and path (no usable operationId) at the top level', () => {
    expect(paths([{ operationId: 'a/b', base: 'get things' }, { base: 'post things' }]).paths).toEqual(['getThings', 'postThings']);
  });

  it('a resource keeps its name and a method named like it takes a suffix, whichever comes first', () => {
    expect(paths([op('repos'), op('repos/get')]).paths).toEqual(['repos2', 'repos.get']);
    expect(paths([op('repos/get'), op('repos')]).paths).toEqual(['repos.get', 'repos2']);
    // The same inside a resource: `a/b` the method, `a/b/c` under the resource `a.b`.
    expect(paths([op('a/b'), op('a/b/c')]).paths).toEqual(['a.b2', 'a.b.c']);
  });

  it('never names a member `then` or an inherited name, at any level; keeps reserved words (property names)', () => {
    expect(paths([op('then/get'), op('repos/then'), op('then'), op('constructor/get'), op('repos/delete'), op('__proto__/x')]).paths).toEqual([
      'then_.get',
      'repos.then_',
      'then_2',
      'constructor_.get',
      'repos.delete',
      'proto.x',
    ]);
  });

  it('is the same for the same document, whatever the order of the calls', () => {
    const ops = [op('repos/get'), op('repos'), op('Repos/list'), op('then')];
    expect(paths(ops)).toEqual(paths(ops));
    expect(paths(ops).paths).toEqual(['repos.get', 'repos2', 'repos.list', 'then_']);
  });

  it('groups by tag when asked, the tag words (and their singulars) out of the method name', () => {
    const ops = [op('listDocuments', 'Documents'), op('getDocument', 'Documents'), op('documents'), op('repos/get', 'repos'), op('getCompany', 'Companies'), op('untagged')];
    expect(paths(ops, { groupBy: 'tag' }).paths).toEqual(['documents.list', 'documents.get', 'documents2', 'repos.get', 'companies.get', 'untagged']);
  });

  it('renames resources and methods by namespace and operationId, and warns about a rename that names nothing', () => {
    const r = paths([op('repos/get'), op('repos/actions/list')], { resources: { repos: 'repositories', 'repos/actions': 'workflows', gone: 'x' }, methods: { 'repos/get': 'retrieve', nope: 'y' } });
    expect(r.paths).toEqual(['repositories.retrieve', 'repositories.workflows.list']);
    expect(r.warnings).toEqual(['the rename of resource "gone" matches no resource: it is left out', 'the rename of method "nope" matches no operationId: it is left out']);
  });
});

describe('short titles', () => {
  it.each([
    ["GitHub's official OpenAPI spec + Octokit extension", 'GitHub'],
    ['Swagger Petstore - OpenAPI 3.0', 'Petstore'],
    ['Train Travel API', 'Train Travel'],
    ['ReadMe API (v2)', 'ReadMe'],
    ['1000000 Recipe and Grocery List API v2', '1000000 Recipe and Grocery List'],
    ['Stripe: the payments REST API', 'Stripe'],
    ['API', 'API'],
  ])('%s -> %s', (title, short) => expect(shortTitle(title)).toBe(short));
});
