// Status codes, media types and response headers.
import { describe, expect, it } from 'vitest';
import { api, diff, summary } from '../helpers.js';

const getWith = (responses: object) => api({ '/a': { get: { responses } } });
const body = (types: string[], headers: object = {}) => ({ description: 'ok', headers, content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string' } }])) });

describe('status codes', () => {
  it('a removed success status breaks; a removed error status is informational; a new status is not breaking', () => {
    const changes = diff(getWith({ '200': body([]), '409': body([]) }), getWith({ '201': body([]) }));
    expect(summary(changes)).toEqual(['breaking response-success-status-removed responses.200', 'non-breaking response-success-status-added responses.201', 'non-breaking response-status-removed responses.409']);
  });
});

describe('media types', () => {
  it('a response media type removed breaks, one added does not; the same for request bodies', () => {
    expect(summary(diff(getWith({ '200': body(['application/json', 'application/pdf']) }), getWith({ '200': body(['application/json', 'image/png']) })))).toEqual([
      'breaking response-media-type-removed responses.200[application/pdf]',
      'non-breaking response-media-type-added responses.200[image/png]',
    ]);
    const post = (types: string[]) => api({ '/a': { post: { requestBody: { content: Object.fromEntries(types.map((t) => [t, {}])) }, responses: {} } } });
    expect(summary(diff(post(['application/json', 'text/plain']), post(['text/plain'])))).toEqual(['breaking request-media-type-removed requestBody[application/json]']);
  });

  it('a loosely typed (XML) body changing its root type is not breaking', () => {
    const post = (type: string) => api({ '/a': { post: { requestBody: { content: { 'application/xml': { schema: { type } } } }, responses: {} } } });
    expect(summary(diff(post('object'), post('string')))).toEqual(['non-breaking request-body-type-compatible requestBody[application/xml]']);
  });
});

describe('response headers', () => {
  it('ETag removed or no longer required is breaking; a new header is not', () => {
    const etag = { ETag: { required: true, schema: { type: 'string' } }, 'Cache-Control': { required: true, schema: { type: 'string' } } };
    const changes = diff(getWith({ '200': body(['application/json'], etag) }), getWith({ '200': body(['application/json'], { 'cache-control': { schema: { type: 'string' } }, Link: { schema: { type: 'string' } } }) }));
    expect(summary(changes)).toEqual([
      'breaking response-header-removed responses.200.headers.ETag',
      'breaking response-header-became-optional responses.200.headers.cache-control',
      'non-breaking response-header-added responses.200.headers.Link',
    ]);
  });
});
