import { describe, expect, it } from 'vitest';
import { api, diff, summary } from '../helpers.js';

const get = (parameters: unknown[], components = {}) => api({ '/items': { get: { parameters, responses: { '200': { description: 'ok' } } } } }, components);
const q = (name: string, schema: object = { type: 'string' }, extra: object = {}) => ({ name, in: 'query', schema, ...extra });

describe('request parameters', () => {
  it('added as required is breaking, as optional is not', () => {
    expect(summary(diff(get([]), get([q('a', undefined, { required: true }), q('b')])))).toEqual([
      'breaking request-parameter-added-required query.a',
      'non-breaking request-parameter-added query.b',
    ]);
  });

  it('removed is breaking (information when it was deprecated); moved is one breaking change', () => {
    const base = get([q('a'), q('b', undefined, { deprecated: true }), q('c')]);
    const head = get([{ name: 'c', in: 'header', schema: { type: 'string' } }]);
    expect(summary(diff(base, head))).toEqual([
      'breaking request-parameter-moved header.c',
      'breaking request-parameter-removed query.a',
      'info request-parameter-removed-deprecated query.b',
    ]);
  });

  it('becoming required, a changed default and a changed style are breaking', () => {
    const base = get([q('a'), q('b', { type: 'string', default: 'x' }), q('c', { type: 'array', items: { type: 'string' } })]);
    const head = get([q('a', undefined, { required: true }), q('b', { type: 'string', default: 'y' }), q('c', { type: 'array', items: { type: 'string' } }, { explode: false })]);
    expect(summary(diff(base, head))).toEqual([
      'breaking request-parameter-became-required query.a',
      'breaking request-parameter-default-changed query.b',
      'breaking request-parameter-style-changed query.c',
    ]);
  });

  it('constraints: narrowed maxLength, lowered maximum, raised minimum and a new pattern break; widening does not', () => {
    const base = get([q('s', { type: 'string', maxLength: 20 }), q('n', { type: 'integer', maximum: 10, minimum: 1 }), q('p', { type: 'string' }), q('w', { type: 'integer' })]);
    const head = get([q('s', { type: 'string', maxLength: 10 }), q('n', { type: 'integer', maximum: 5, minimum: 2 }), q('p', { type: 'string', pattern: '^a+$' }), q('w', { type: 'number' })]);
    expect(summary(diff(base, head))).toEqual([
      'breaking request-maximum-decreased query.n',
      'breaking request-minimum-increased query.n',
      'breaking request-pattern-added query.p',
      'breaking request-max-length-decreased query.s',
      'non-breaking request-type-generalized query.w',
    ]);
  });

  it('the collection `limit` maximum lowered is its own rule, reported once for every operation of a shared parameter', () => {
    const components = (max: number) => ({ parameters: { limit: { name: 'limit', in: 'query', schema: { type: 'integer', maximum: max } } } });
    const paths = { '/a': { get: { parameters: [{ $ref: '#/components/parameters/limit' }], responses: {} } }, '/b': { get: { parameters: [{ $ref: '#/components/parameters/limit' }], responses: {} } } };
    const changes = diff(api(paths, components(100)), api(paths, components(50)));
    expect(summary(changes)).toEqual(['breaking collection-limit-maximum-decreased query.limit']);
    expect(changes[0]!.operations).toEqual(['GET /a', 'GET /b']);
    expect(changes[0]!.message).toContain('from 100 to 50');
  });
});
