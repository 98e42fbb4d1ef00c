import { describe, expect, it } from 'vitest';
import { accepting, diff, responding, summary } from '../helpers.js';

const obj = (status: object) => ({ type: 'object', properties: { status } });
const e = (...values: string[]) => ({ type: 'string', enum: values });
const x = (...values: string[]) => ({ type: 'string', 'x-extensible-enum': values });

describe('enums (spec: any change to a response enum breaks clients)', () => {
  it('response: adding a value is breaking, removing one is breaking', () => {
    expect(summary(diff(responding(obj(e('A', 'B'))), responding(obj(e('A', 'B', 'C')))))).toEqual(['breaking response-enum-value-added responses.200[application/json].status']);
    expect(summary(diff(responding(obj(e('A', 'B'))), responding(obj(e('A')))))).toEqual(['breaking response-enum-value-removed responses.200[application/json].status']);
  });

  it('request: removing a value is breaking, adding one is not', () => {
    expect(summary(diff(accepting(obj(e('A', 'B'))), accepting(obj(e('A')))))).toEqual(['breaking request-enum-value-removed requestBody[application/json].status']);
    expect(summary(diff(accepting(obj(e('A'))), accepting(obj(e('A', 'B')))))).toEqual(['non-breaking request-enum-value-added requestBody[application/json].status']);
  });

  it('x-extensible-enum may gain values in responses; losing one in a request still breaks', () => {
    expect(summary(diff(responding(obj(x('A'))), responding(obj(x('A', 'B')))))).toEqual(['non-breaking response-extensible-enum-value-added responses.200[application/json].status']);
    expect(summary(diff(accepting(obj(x('A', 'B'))), accepting(obj(x('A')))))).toEqual(['breaking request-extensible-enum-value-removed requestBody[application/json].status']);
    expect(summary(diff(responding(obj(e('A'))), responding(obj(x('A')))))).toEqual(['breaking response-enum-became-extensible responses.200[application/json].status']);
  });

  it('enums inside arrays, oneOf/anyOf/allOf and through $ref are found', () => {
    const schema = {
      type: 'object',
      properties: {
        tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } },
        kind: { oneOf: [{ $ref: '#/components/schemas/Tag' }, { type: 'integer' }] },
        mixed: { allOf: [{ type: 'string' }, { enum: ['P', 'Q'] }] },
      },
    };
    const base = responding(schema, { schemas: { Tag: e('A', 'B') } });
    const head = structuredClone(responding(schema, { schemas: { Tag: e('A', 'B', 'C') } }));
    ((head.paths!['/items']!.get!.responses!['200']!.content!['application/json']!.schema!.properties!.mixed!.allOf as object[])[1] as { enum: string[] }).enum.push('R');
    const changes = diff(base, head);
    expect(summary(changes)).toEqual([
      'breaking response-enum-value-added components.schemas.Tag',
      'breaking response-enum-value-added responses.200[application/json].mixed',
    ]);
    expect(changes[0]!.message).toBe('schema `Tag` (response) can now return value `C` (a response enum changed)');
  });

  it('a parameter becoming an enum is breaking; a response becoming one is not', () => {
    expect(summary(diff(accepting(obj({ type: 'string' })), accepting(obj(e('A')))))).toEqual(['breaking request-became-enum requestBody[application/json].status']);
    expect(summary(diff(responding(obj({ type: 'string' })), responding(obj(e('A')))))).toEqual(['non-breaking response-became-enum responses.200[application/json].status']);
  });
});
