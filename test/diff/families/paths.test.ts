import { describe, expect, it } from 'vitest';
import { api, diff, summary } from '../helpers.js';

const op = (extra = {}) => ({ responses: { '200': { description: 'ok' } }, ...extra });

describe('paths and operations', () => {
  it('a removed path is breaking, reported once for all its operations', () => {
    const changes = diff(api({ '/a': { get: op(), delete: op() }, '/b': { get: op() } }), api({ '/b': { get: op() } }));
    expect(summary(changes)).toEqual(['breaking path-removed paths./a']);
    expect(changes[0]!.operations).toEqual(['DELETE /a', 'GET /a']);
  });

  it('a removed operation is breaking; an added one is not', () => {
    const changes = diff(api({ '/a': { get: op(), delete: op() } }), api({ '/a': { get: op(), post: op() } }));
    expect(summary(changes)).toEqual(['breaking operation-removed paths./a.delete', 'non-breaking operation-added paths./a.post']);
  });

  it('removing an operation deprecated in BASE is information (deprecation policy), unless before its x-sunset', () => {
    const base = api({ '/a': { get: op({ deprecated: true }), put: op({ deprecated: true, 'x-sunset': '2030-01-01' }) }, '/b': { get: op() } });
    const head = api({ '/a': {}, '/b': { get: op() } });
    expect(summary(diff(base, head, { today: '2026-01-01' }))).toEqual([
      'breaking operation-removed-before-sunset paths./a',
      'info path-removed-deprecated paths./a',
    ]);
    expect(summary(diff(base, head, { today: '2030-06-01' }))).toEqual(['info path-removed-deprecated paths./a']);
  });

  it('renaming a path parameter changes nothing; deprecating an operation is information', () => {
    const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
    const base = api({ '/books/{bookId}': { get: op({ parameters: [param('bookId')] }) } });
    const head = api({ '/books/{id}': { get: op({ parameters: [param('id')], deprecated: true }) } });
    expect(summary(diff(base, head))).toEqual(['info operation-deprecated operation']);
  });
});
