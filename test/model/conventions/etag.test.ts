import { describe, expect, it } from 'vitest';
import { readEtag } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

describe('ETag reader', () => {
  it.each([
    ['a GET sending ETag, taking If-None-Match, answering 304', 'get', `[{ name: If-None-Match, in: header, schema: { type: string } }]`, `'200': { description: ok, headers: { ETag: { schema: { type: string } } } }\n        '304': { description: same }`, { etag: true, ifNoneMatch: true, ifNoneMatchName: 'If-None-Match', ifMatch: false, notModified: true, preconditionFailed: false }],
    ['header names in any case', 'get', `[{ name: if-none-match, in: header, schema: { type: string } }]`, `'200': { description: ok, headers: { etag: { schema: { type: string } } } }`, { etag: true, ifNoneMatch: true, ifNoneMatchName: 'if-none-match', ifMatch: false, notModified: false, preconditionFailed: false }],
    ['a PUT sending the new ETag with its 200', 'put', `[{ name: If-Match, in: header, schema: { type: string } }]`, `'200': { description: ok, headers: { ETag: { schema: { type: string } } } }\n        '412': { description: changed }`, { etag: true, ifNoneMatch: false, ifMatch: true, notModified: false, preconditionFailed: true }],
    ['a PUT taking If-Match, answering 412 by range', 'put', `[{ name: If-Match, in: header, schema: { type: string } }]`, `'200': { description: ok }\n        '4XX': { description: failed }`, { etag: false, ifNoneMatch: false, ifMatch: true, notModified: false, preconditionFailed: true }],
    ['none of it', 'get', `[]`, `'200': { description: ok }`, { etag: false, ifNoneMatch: false, ifMatch: false, notModified: false, preconditionFailed: false }],
  ])('%s', (_name, method, params, responses, want) => {
    const g = given(`
paths:
  /x:
    ${method}:
      parameters: ${params}
      responses:
        ${responses}`);
    expect(readEtag(g.ctx, g.op(`${method} /x`))).toEqual(want);
  });
});
