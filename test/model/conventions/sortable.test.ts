import { describe, expect, it } from 'vitest';
import { misplacedSortable, readSortable, sortParam } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

const sort = (param: string, components = '') =>
  given(`
paths:
  /items:
    get:
      parameters:
        - ${param}
      responses: { '200': { description: ok } }
${components}`);

const sortParamWith = (extra: string) => `{ name: sort, in: query, schema: { type: string }${extra} }`;
const componentSort = `
components:
  parameters:
    Sort: { name: sort, in: query, schema: { type: string }, x-sortable: { fields: [name], default: name } }
    BareSort: { name: sort, in: query, schema: { type: string } }`;

describe('sortable reader', () => {
  it.each([
    ['inline', sortParamWith(', x-sortable: { fields: [createdAt, name], default: createdAt }'), '', { fields: ['createdAt', 'name'], default: 'createdAt' }, '#/paths/~1items/get/parameters/0/x-sortable'],
    ['a default naming its direction, as written', sortParamWith(', x-sortable: { fields: [createdAt], default: -createdAt }'), '', { fields: ['createdAt'], default: '-createdAt' }, '#/paths/~1items/get/parameters/0/x-sortable'],
    ['in the $ref-ed component parameter', `{ $ref: '#/components/parameters/Sort' }`, componentSort, { fields: ['name'], default: 'name' }, '#/components/parameters/Sort/x-sortable'],
    ['the old { properties } form reads no fields', sortParamWith(', x-sortable: { properties: [createdAt], default: createdAt }'), '', { fields: [], default: 'createdAt' }, '#/paths/~1items/get/parameters/0/x-sortable'],
  ])('%s', (_name, param, components, want, pointer) => {
    const g = sort(param, components);
    const reading = readSortable(g.ctx, sortParam(g.op('get /items')));
    expect({ fields: reading?.fields, default: reading?.default }).toEqual(want);
    expect(reading?.at.location.pointer).toBe(pointer);
  });

  it.each([
    ['no x-sortable', sortParamWith(''), ''],
    ['x-sortable beside a $ref (dropped by OpenAPI 3.0 tools): misplaced, not read', `{ $ref: '#/components/parameters/BareSort', x-sortable: { fields: [name], default: name } }`, componentSort],
  ])('%s -> none', (_name, param, components) => {
    const g = sort(param, components);
    expect(readSortable(g.ctx, sortParam(g.op('get /items')))).toBeUndefined();
  });

  it('reports where a misplaced x-sortable is written', () => {
    const g = sort(`{ $ref: '#/components/parameters/BareSort', x-sortable: { fields: [name], default: name } }`, componentSort);
    expect(misplacedSortable(sortParam(g.op('get /items')))?.pointer).toBe('#/paths/~1items/get/parameters/0/x-sortable');
    const inline = sort(sortParamWith(', x-sortable: { fields: [name], default: name }'));
    expect(misplacedSortable(sortParam(inline.op('get /items')))).toBeUndefined();
  });
});
