import { describe, expect, it } from 'vitest';
import { readCaching, successResponseNode } from '../../../generator/model/conventions/index.js';
import { readConventions } from '../../../generator/model/read.js';
import { given } from './given.js';

describe('caching reader', () => {
  it.each([
    ['a const', `{ Cache-Control: { schema: { type: string, const: no-store } } }`, ['no-store']],
    ['an enum and an example, by $ref', `{ cache-control: { $ref: '#/components/headers/CacheControl' } }`, ['max-age=60', 'no-cache', 'no-cache']],
    ['the header without a value', `{ Cache-Control: { schema: { type: string } } }`, []],
    ['no header', `{}`, undefined],
  ])('%s', (_name, headers, want) => {
    const g = given(`
paths:
  /x:
    get:
      responses:
        '200': { description: ok, headers: ${headers} }
components:
  headers:
    CacheControl: { schema: { type: string, enum: [max-age=60, no-cache] }, example: no-cache }`);
    expect(readCaching(g.ctx, successResponseNode(g.op('get /x'))!)).toEqual(want);
  });

  it('the model carries the values of every response that declares the header, by status key', () => {
    const g = given(`
paths:
  /x:
    get:
      responses:
        '200': { description: ok, headers: { Cache-Control: { schema: { type: string, const: max-age=60 } } } }
        '304': { description: not modified }
        4XX: { description: error, headers: { cache-control: { schema: { type: string }, example: no-store } } }`);
    expect(readConventions(g.doc, 'given.yaml').get('get /x')!.caching).toEqual({ '200': ['max-age=60'], '4XX': ['no-store'] });
  });
});
