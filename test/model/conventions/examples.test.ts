import { describe, expect, it } from 'vitest';
import { child, mediaExample, namedExamples, parameterExample, type ExampleReading } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

const plain = (r: ExampleReading) => (r.found ? { value: r.value, at: r.at.pointer } : { missing: r.at.pointer });

describe('example reader', () => {
  it.each([
    ['its own example', `{ name: p, in: query, example: 7, schema: { type: integer, example: 3, default: 1 } }`, { value: 7, at: '#/paths/~1x/get/parameters/0/example' }],
    ['the first of its examples', `{ name: p, in: query, examples: { a: { value: 8 }, b: { value: 9 } }, schema: { type: integer } }`, { value: 8, at: '#/paths/~1x/get/parameters/0/examples/a/value' }],
    ["the schema's example", `{ name: p, in: query, schema: { type: integer, example: 3, default: 1 } }`, { value: 3, at: '#/paths/~1x/get/parameters/0/schema/example' }],
    ["the schema's first examples", `{ name: p, in: query, schema: { type: integer, examples: [4, 5], default: 1 } }`, { value: 4, at: '#/paths/~1x/get/parameters/0/schema/examples/0' }],
    ['else its default', `{ name: p, in: query, schema: { type: integer, default: 1, enum: [2, 1] } }`, { value: 1, at: '#/paths/~1x/get/parameters/0/schema/default' }],
    ['else its first enum value', `{ name: p, in: query, schema: { type: string, enum: [b, a] } }`, { value: 'b', at: '#/paths/~1x/get/parameters/0/schema/enum/0' }],
    ['through a $ref', `{ name: p, in: query, schema: { $ref: '#/components/schemas/Kind' } }`, { value: 'Invoice', at: '#/components/schemas/Kind/enum/0' }],
    ['none: missing at the schema', `{ name: p, in: path, required: true, schema: { type: string } }`, { missing: '#/paths/~1x/get/parameters/0/schema' }],
    ['none and no schema: missing at the parameter', `{ name: p, in: query }`, { missing: '#/paths/~1x/get/parameters/0' }],
  ])('a parameter: %s', (_name, parameter, want) => {
    const g = given(`
paths:
  /x:
    get:
      parameters: [${parameter}]
      responses: { '200': { description: ok } }
components:
  schemas:
    Kind: { type: string, enum: [Invoice, Order] }`);
    expect(plain(parameterExample(g.ctx, g.op('get /x').params[0]!))).toEqual(want);
  });

  const body = (media: string) => {
    const g = given(`
paths:
  /x:
    post:
      requestBody: { content: { application/json: ${media} } }
      responses: { '201': { description: ok } }
components:
  schemas:
    Amounts: { type: object, required: [currency], properties: { currency: { type: string, example: NOK }, total: { type: string } } }`);
    const op = g.op('post /x');
    return child(g.ctx, child(g.ctx, child(g.ctx, op.op, 'requestBody'), 'content'), 'application/json')!;
  };

  it("a body: its example, else the first named one, else the schema's", () => {
    const g = body(`{ example: { a: 1 }, schema: { type: object, example: { a: 2 } } }`);
    expect(plain(mediaExample(given('paths: {}').ctx, g))).toEqual({ value: { a: 1 }, at: '#/paths/~1x/post/requestBody/content/application~1json/example' });
  });

  it('a body without any: composed from the required properties, through allOf and refs', () => {
    const g = given(`
paths:
  /x:
    post:
      requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Input' } } } }
      responses: { '201': { description: ok } }
components:
  schemas:
    Input:
      allOf: [{ $ref: '#/components/schemas/Base' }]
      required: [amounts, kind, tags]
      properties:
        amounts: { $ref: '#/components/schemas/Amounts' }
        kind: { type: string, enum: [Invoice, Order] }
        tags: { type: array, items: { type: string, example: urgent } }
        note: { type: string }
    Base: { type: object, required: [id], properties: { id: { type: string, example: '42' } } }
    Amounts: { type: object, required: [currency], properties: { currency: { type: string, example: NOK }, total: { type: string } } }`);
    const media = child(g.ctx, child(g.ctx, child(g.ctx, g.op('post /x').op, 'requestBody'), 'content'), 'application/json')!;
    expect(plain(mediaExample(g.ctx, media))).toEqual({ value: { id: '42', amounts: { currency: 'NOK' }, kind: 'Invoice', tags: ['urgent'] }, at: '#/components/schemas/Input' });
  });

  it('a body whose required property has no value: missing at that property', () => {
    const g = given(`
paths:
  /x:
    post:
      requestBody: { content: { application/json: { schema: { type: object, required: [name, code], properties: { name: { type: string, example: n }, code: { type: string } } } } } }
      responses: { '201': { description: ok } }`);
    const media = child(g.ctx, child(g.ctx, child(g.ctx, g.op('post /x').op, 'requestBody'), 'content'), 'application/json')!;
    expect(plain(mediaExample(g.ctx, media))).toEqual({ missing: '#/paths/~1x/post/requestBody/content/application~1json/schema/properties/code' });
  });

  it('lists the named examples of a media type in document order', () => {
    const g = given(`
paths:
  /x:
    post:
      requestBody: { content: { application/json: { examples: { first: { value: 1 }, ext: { externalValue: 'x.json' }, second: { $ref: '#/components/examples/Two' } } } } }
      responses: { '201': { description: ok } }
components:
  examples:
    Two: { value: 2 }`);
    const media = child(g.ctx, child(g.ctx, child(g.ctx, g.op('post /x').op, 'requestBody'), 'content'), 'application/json')!;
    expect(namedExamples(g.ctx, media).map((e) => [e.name, e.value, e.at.pointer])).toEqual([
      ['first', 1, '#/paths/~1x/post/requestBody/content/application~1json/examples/first/value'],
      ['second', 2, '#/components/examples/Two/value'],
    ]);
  });
});
