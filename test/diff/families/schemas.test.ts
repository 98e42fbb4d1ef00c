// Types, constraints, composition, $refs: renamed components, grouping, cycles.
import { describe, expect, it } from 'vitest';
import { accepting, api, diff, responding, summary } from '../helpers.js';

describe('types and constraints', () => {
  it('request: integer -> number widens (not breaking), string -> number narrows (breaking); a response widening breaks', () => {
    const o = (t: string) => ({ type: 'object', properties: { n: { type: t } } });
    expect(summary(diff(accepting(o('integer')), accepting(o('number'))))).toEqual(['non-breaking request-type-generalized requestBody[application/json].n']);
    expect(summary(diff(accepting(o('string')), accepting(o('number'))))).toEqual(['breaking request-type-changed requestBody[application/json].n']);
    expect(summary(diff(responding(o('integer')), responding(o('number'))))).toEqual(['breaking response-type-changed responses.200[application/json].n']);
  });

  it('bounds: exclusive bounds fold into their limits; response bounds may only tighten', () => {
    expect(summary(diff(accepting({ type: 'integer', exclusiveMinimum: 0 }), accepting({ type: 'integer', minimum: 0 })))).toEqual(['non-breaking request-minimum-decreased requestBody[application/json]']);
    expect(summary(diff(responding({ type: 'integer', maximum: 10 }), responding({ type: 'integer', maximum: 20 })))).toEqual(['breaking response-maximum-increased responses.200[application/json]']);
    expect(summary(diff(accepting({ type: 'string', pattern: '^a$' }), accepting({ type: 'string', pattern: '.*' })))).toEqual(['non-breaking request-pattern-generalized requestBody[application/json]']);
  });
});

describe('composition', () => {
  const comps = { schemas: { Cat: { type: 'object', properties: { meow: { type: 'string' } } }, Dog: { type: 'object', properties: { bark: { type: 'string' } } } } };
  const one = (...names: string[]) => ({ oneOf: names.map((n) => ({ $ref: `#/components/schemas/${n}` })) });
  it('a response gaining a variant breaks; a request losing one breaks', () => {
    expect(summary(diff(responding(one('Cat'), comps), responding(one('Cat', 'Dog'), comps)))).toEqual(['breaking response-variant-added responses.200[application/json]']);
    expect(summary(diff(accepting(one('Cat', 'Dog'), comps), accepting(one('Cat'), comps)))).toEqual(['breaking request-variant-removed requestBody[application/json]']);
    expect(summary(diff(accepting(one('Cat'), comps), accepting(one('Cat', 'Dog'), comps)))).toEqual(['non-breaking request-variant-added requestBody[application/json]']);
  });

  it('a body rewritten as oneOf is one breaking change; a duplicated inline allOf member changes nothing', () => {
    const obj = { type: 'object', properties: { a: { type: 'string' } } };
    expect(summary(diff(accepting(obj), accepting({ oneOf: [obj, obj] })))).toEqual(['breaking request-wrapped-in-variants requestBody[application/json]']);
    const part = { type: 'object', properties: { a: { type: 'string' } } };
    expect(diff(accepting({ allOf: [part] }), accepting({ allOf: [part, structuredClone(part)] }))).toEqual([]);
  });
});

describe('$refs', () => {
  const doc = (name: string, company: object) =>
    api(
      {
        '/companies/{id}': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } } } } },
        '/documents': {
          get: {
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { sender: { $ref: `#/components/schemas/${name}` }, receiver: { $ref: `#/components/schemas/${name}` } } } } } },
            },
          },
        },
      },
      { schemas: { [name]: company } },
    );
  const company = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } };

  it('a renamed but identical component is unchanged', () => {
    expect(diff(doc('Company', company), doc('Firm', structuredClone(company)))).toEqual([]);
  });

  it('a change in a shared component is one change listing every operation it reaches', () => {
    const changes = diff(doc('Company', company), doc('Company', { ...company, required: ['id'], properties: { id: { type: 'string' } } }));
    expect(summary(changes)).toEqual(['breaking response-property-removed components.schemas.Company.name']);
    expect(changes[0]!.operations).toEqual(['GET /companies/{id}', 'GET /documents']);
  });

  it('cyclic schemas terminate and still report changes inside the cycle', () => {
    const node = (t: string) => ({ type: 'object', properties: { value: { type: t }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } });
    const changes = diff(responding({ $ref: '#/components/schemas/Node' }, { schemas: { Node: node('string') } }), responding({ $ref: '#/components/schemas/Node' }, { schemas: { Node: node('integer') } }));
    expect(summary(changes)).toEqual(['breaking response-type-changed components.schemas.Node.value']);
  });
});

describe('allOf refactoring', () => {
  it('moving inline properties into an allOf component changes nothing', () => {
    const props = { type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'integer' } } };
    expect(diff(accepting(props), accepting({ allOf: [{ $ref: '#/components/schemas/Base' }] }, { schemas: { Base: structuredClone(props) } }))).toEqual([]);
  });
});
