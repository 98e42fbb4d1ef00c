import { describe, expect, it } from 'vitest';
import { diff, responding, summary } from '../helpers.js';

describe('response properties', () => {
  it('removed (required or optional), made optional, made nullable or retyped is breaking', () => {
    const base = responding({
      type: 'object',
      required: ['a', 'b'],
      properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' }, d: { type: 'string' }, e: { type: 'string', format: 'date-time' } },
    });
    const head = responding({ type: 'object', required: ['b'], properties: { b: { type: ['string', 'null'] }, d: { type: 'integer' }, e: { type: 'string', format: 'date' } } });
    expect(summary(diff(base, head))).toEqual([
      'breaking response-property-removed responses.200[application/json].a',
      'breaking response-became-nullable responses.200[application/json].b',
      'breaking response-property-removed responses.200[application/json].c',
      'breaking response-type-changed responses.200[application/json].d',
      'breaking response-format-changed responses.200[application/json].e',
    ]);
  });

  it('a new property, or one made required, is not breaking', () => {
    const base = responding({ type: 'object', properties: { a: { type: 'string' } } });
    const head = responding({ type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'string' } } });
    expect(summary(diff(base, head))).toEqual([
      'non-breaking response-property-became-required responses.200[application/json].a',
      'non-breaking response-property-added responses.200[application/json].b',
    ]);
  });

  it('a property removed in an allOf member is found', () => {
    const components = (props: object) => ({ schemas: { Base: { type: 'object', required: Object.keys(props), properties: props } } });
    const schema = { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { x: { type: 'string' } } }] };
    const changes = diff(responding(schema, components({ id: { type: 'string' }, name: { type: 'string' } })), responding(schema, components({ id: { type: 'string' } })));
    expect(summary(changes)).toEqual(['breaking response-property-removed responses.200[application/json].name']);
  });
});
