import { describe, expect, it } from 'vitest';
import { isJsonMedia, mediaKind, readMedia } from '../../../generator/model/conventions/index.js';
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

  it('reads what an operation offers and accepts, in document order', () => {
    const g = given(`
paths:
  /files:
    post:
      requestBody: { required: true, content: { application/pdf: {}, application/json: {} } }
      responses:
        '201': { description: created, content: { application/json: {}, application/xml: {} } }
        '202': { description: later, content: { text/plain: {} } }`);
    expect(readMedia(g.ctx, g.op('post /files'))).toEqual({ offered: ['application/json', 'application/xml'], accepted: ['application/pdf', 'application/json'], bodyRequired: true });
  });
});
