import { describe, expect, it } from 'vitest';
import { accepting, api, diff, summary } from '../helpers.js';

const post = (requestBody?: object) => api({ '/items': { post: { ...(requestBody ? { requestBody } : {}), responses: { '201': { description: 'ok' } } } } });
const json = (schema: object, required = false) => ({ required, content: { 'application/json': { schema } } });

describe('request bodies and request properties', () => {
  it('a body added as required, removed, or becoming required is breaking; added as optional is not', () => {
    expect(summary(diff(post(), post(json({}, true))))).toEqual(['breaking request-body-added-required requestBody']);
    expect(summary(diff(post(), post(json({}))))).toEqual(['non-breaking request-body-added requestBody']);
    expect(summary(diff(post(json({})), post()))).toEqual(['breaking request-body-removed requestBody']);
    expect(summary(diff(post(json({})), post(json({}, true))))).toEqual(['breaking request-body-became-required requestBody']);
  });

  it('new required property (even with a default) and a property becoming required break; a new optional one does not', () => {
    const base = accepting({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } });
    const head = accepting({ type: 'object', required: ['a', 'c'], properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string', default: 'x' }, d: { type: 'string' } } });
    expect(summary(diff(base, head))).toEqual([
      'breaking request-property-became-required requestBody[application/json].a',
      'breaking request-property-added-required requestBody[application/json].c',
      'non-breaking request-property-added requestBody[application/json].d',
    ]);
  });

  it('readOnly properties are not sent: a new required readOnly property changes nothing for requests', () => {
    const base = accepting({ type: 'object', properties: { a: { type: 'string' } } });
    const head = accepting({ type: 'object', required: ['id'], properties: { a: { type: 'string' }, id: { type: 'string', readOnly: true } } });
    expect(summary(diff(base, head))).toEqual([]);
  });

  it('requirements inside array items and nested objects are found', () => {
    const base = accepting({ type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } });
    const head = accepting({ type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } });
    expect(summary(diff(base, head))).toEqual(['breaking request-property-became-required requestBody[application/json][].id']);
  });
});
