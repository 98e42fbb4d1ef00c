import { describe, expect, it } from 'vitest';
import { isJsonMedia, mediaKind } from '../../../generator/model/conventions/index.js';
import { accepted, buildApiModel, offered } from '../../../generator/model/index.js';
import { given } from './given.js';

describe('media reader', () => {
  it.each([
    ['application/json', true, 'json'],
    ['Application/JSON; charset=utf-8', true, 'json'],
    ['application/problem+json', true, 'json'],
    ['application/json-seq', false, 'binary'],
    ['text/plain', false, 'text'],
    ['application/xml', false, 'text'],
    ['application/x-www-form-urlencoded', false, 'form'],
    ['multipart/form-data', false, 'multipart'],
    ['application/pdf', false, 'binary'],
  ])('%s: JSON %s, kind %s', (mediaType, json, kind) => {
    expect(isJsonMedia(mediaType)).toBe(json);
    expect(mediaKind(mediaType)).toBe(kind);
  });

  it('the model says what an operation offers (its success response) and accepts, in document order', () => {
    const g = given(`
paths:
  /files:
    post:
      requestBody: { required: true, content: { application/pdf: {}, application/json: {} } }
      responses:
        '201': { description: created, content: { application/json: {}, application/xml: {} } }
        '202': { description: later, content: { text/plain: {} } }`);
    const [op] = buildApiModel(g.doc, { id: '', name: 't', apiPath: '', source: 'given.yaml' }).operations;
    expect([offered(op!), accepted(op!), op!.body?.required]).toEqual([['application/json', 'application/xml'], ['application/pdf', 'application/json'], true]);
  });
});
