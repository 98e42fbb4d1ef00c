import { describe, expect, it } from 'vitest';
import { isConventionParam, propertyAt, readFilter, readSets, type FilterReading, type SetsReading } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

/** A list taking `param` (and the convention parameters), over items of schema Doc. */
const listing = (param: string) =>
  given(`
paths:
  /docs:
    get:
      parameters:
        - { name: offset, in: query, schema: { type: integer } }
        - { name: sort, in: query, schema: { type: string } }
        - ${param}
      responses: { '200': { description: ok } }
components:
  parameters:
    SearchTerm: { name: searchTerm, in: query, schema: { type: string }, x-filter: { match: search } }
  schemas:
    Doc: { type: object, properties: { sender: { $ref: '#/components/schemas/Reference' }, createdAt: { type: string, format: date-time } } }
    Reference: { type: object, properties: { id: { type: string } } }
`);

const plain = (r: FilterReading | SetsReading) => ({ ...r, ...('at' in r ? { at: r.at.pointer } : {}) });

describe('filter reader (x-filter on a list, x-sets on a create)', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['equals on a reference id', `{ name: senderId, in: query, x-filter: { property: sender.id, match: equals } }`, { kind: 'filter', match: 'equals', property: ['sender', 'id'], at: '#/paths/~1docs/get/parameters/2/x-filter' }],
    ['after on a timestamp', `{ name: createdAfter, in: query, x-filter: { property: createdAt, match: after } }`, { kind: 'filter', match: 'after', property: ['createdAt'], at: '#/paths/~1docs/get/parameters/2/x-filter' }],
    ['a search, in the $ref-ed component parameter', `{ $ref: '#/components/parameters/SearchTerm' }`, { kind: 'filter', match: 'search', at: '#/components/parameters/SearchTerm/x-filter' }],
    ['none', `{ name: status, in: query }`, { kind: 'none' }],
    ['a match it does not know', `{ name: kind, in: query, x-filter: { property: kind, match: like } }`, { kind: 'malformed', problem: 'match must be one of equals, in, contains, after, search', at: '#/paths/~1docs/get/parameters/2/x-filter' }],
    ['a search naming a property', `{ name: q, in: query, x-filter: { property: title, match: search } }`, { kind: 'malformed', problem: 'a search matches the whole item: it names no property', at: '#/paths/~1docs/get/parameters/2/x-filter' }],
    ['no property', `{ name: kind, in: query, x-filter: { match: equals } }`, { kind: 'malformed', problem: 'property must name an item property (a dotted path such as sender.id)', at: '#/paths/~1docs/get/parameters/2/x-filter' }],
    ['a key of its own', `{ name: kind, in: query, x-filter: { property: kind, match: equals, caseSensitive: true } }`, { kind: 'malformed', problem: 'it takes only property and match, not caseSensitive', at: '#/paths/~1docs/get/parameters/2/x-filter' }],
    ['beside a $ref (OpenAPI ignores it there): not read', `{ $ref: '#/components/parameters/SearchTerm', x-filter: { property: sender.id, match: equals } }`, { kind: 'filter', match: 'search', at: '#/components/parameters/SearchTerm/x-filter' }],
  ])('%s', (_name, param, want) => {
    const op = listing(param).op('get /docs');
    expect(plain(readFilter(op.params[2]!))).toEqual(want);
  });

  it.each<[string, string, Record<string, unknown>]>([
    ['a reference id', `{ name: senderId, in: query, x-sets: sender.id }`, { kind: 'sets', property: ['sender', 'id'], at: '#/paths/~1docs/get/parameters/2/x-sets' }],
    ['none', `{ name: title, in: query }`, { kind: 'none' }],
    ['not a path', `{ name: title, in: query, x-sets: [title] }`, { kind: 'malformed', problem: 'it must name an item property (a dotted path such as sendingCompany.id)', at: '#/paths/~1docs/get/parameters/2/x-sets' }],
    ['an empty step', `{ name: title, in: query, x-sets: sender..id }`, { kind: 'malformed', problem: 'it must name an item property (a dotted path such as sendingCompany.id)', at: '#/paths/~1docs/get/parameters/2/x-sets' }],
  ])('x-sets: %s', (_name, param, want) => {
    const op = listing(param).op('get /docs');
    expect(plain(readSets(op.params[2]!))).toEqual(want);
  });

  it('tells the convention parameters (read by their own readers) from the rest', () => {
    const op = listing(`{ name: status, in: query }`).op('get /docs');
    expect(op.params.map((p) => isConventionParam(op, p))).toEqual([true, true, false]);
  });

  it('follows a property path into the item, through $refs', () => {
    const g = listing(`{ name: status, in: query }`);
    const doc = { node: g.doc.components!.schemas!.Doc as Record<string, unknown>, location: g.ctx.location.child(['components', 'schemas', 'Doc']) };
    expect(propertyAt(g.ctx, doc, ['sender', 'id'])?.node).toEqual({ type: 'string' });
    expect(propertyAt(g.ctx, doc, ['createdAt'])?.location.pointer).toBe('#/components/schemas/Doc/properties/createdAt');
    expect(propertyAt(g.ctx, doc, ['sender', 'name'])).toBeUndefined();
  });
});
