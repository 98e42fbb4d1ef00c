// OpenAPI 3.2's `in: querystring` (templates/runtime/querystring.ts) against the specification's own examples
// (versions/3.2.0.md, "Parameter Object Examples" and "Encoding the x-www-form-urlencoded Media Type"), and through
// buildPath: the serialised value is the whole query string.
import { describe, expect, it } from 'vitest';
import { queryStringParam } from '../../templates/runtime/querystring.js';
import { buildPath } from '../../templates/runtime/request.js';
import type { OperationSpec, ParamSpec } from '../../templates/runtime/types.js';

const form: ParamSpec = { key: 'q', name: 'q', in: 'querystring', content: 'application/x-www-form-urlencoded' };

describe('querystring parameters', () => {
  it('form: spaces as +, a + percent-encoded (the spacesAndPluses example)', () => {
    expect(queryStringParam(form, { foo: 'a + b', bar: true })).toBe('foo=a+%2B+b&bar=true');
  });

  it('form: an object property text/plain by default, JSON by its encoding (the URL Encoded Form with JSON Values example)', () => {
    const address = { streetAddress: '123 Example Dr.', city: 'Somewhere', state: 'CA', zip: '99999+1234' };
    expect(queryStringParam({ ...form, encoding: { id: { contentType: 'text/plain' } } }, { id: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6', address })).toBe(
      'id=f81d4fae-7dec-11d0-a765-00a0c91e6bf6&address=%7B%22streetAddress%22%3A%22123+Example+Dr.%22%2C%22city%22%3A%22Somewhere%22%2C%22state%22%3A%22CA%22%2C%22zip%22%3A%2299999%2B1234%22%7D',
    );
    expect(queryStringParam({ ...form, encoding: { id: { contentType: 'application/json' } } }, { id: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6' })).toBe('id=%22f81d4fae-7dec-11d0-a765-00a0c91e6bf6%22');
  });

  it('form: a string or URLSearchParams is the query already encoded; anything else is refused', () => {
    expect(queryStringParam(form, 'a=1&b=2')).toBe('a=1&b=2');
    expect(queryStringParam(form, new URLSearchParams({ a: 'x y' }))).toBe('a=x+y');
    expect(() => queryStringParam(form, [1, 2])).toThrow(/plain object/);
  });

  it('JSON: the JSON text percent-encoded whole (the TwoNoFlag example); another media type: the text percent-encoded (the JSONPath example)', () => {
    expect(queryStringParam({ ...form, content: 'application/json' }, { numbers: [1, 2], flag: null })).toBe('%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D');
    expect(queryStringParam({ ...form, content: 'application/jsonpath' }, '$.a.b[1:1]')).toBe('%24.a.b%5B1%3A1%5D');
  });

  it('styles every other parameter as styledParam does', () => {
    expect(queryStringParam({ key: 'c', name: 'color', in: 'query', explode: false }, ['blue', 'black'])).toBe('color=blue,black');
  });

  it('is the whole query of the URL, after the path', () => {
    const spec: OperationSpec = { method: 'GET', path: '/items/{id}', params: [{ key: 'id', name: 'id', in: 'path' }, form], accept: [] };
    expect(buildPath(spec, { id: 'a b', q: { foo: 'x' } }, {}, { param: queryStringParam })).toBe('items/a%20b?foo=x');
    expect(buildPath(spec, { id: 'a', q: {} }, {}, { param: queryStringParam })).toBe('items/a');
  });
});
