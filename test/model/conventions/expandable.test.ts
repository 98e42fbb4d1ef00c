import { describe, expect, it } from 'vitest';
import { readExpandable } from '../../../generator/model/conventions/index.js';
import { readConventions } from '../../../generator/model/read.js';
import { given } from './given.js';

/** A GET answering one object whose `sender` property is written as `prop`. */
const withSender = (prop: string, openapi = '3.1.0') =>
  given(
    `
paths:
  /items/{id}:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  sender: ${prop}
components:
  schemas:
    Reference: { type: object, properties: { id: { type: string } } }
    CompanyRef: { $ref: '#/components/schemas/Reference', x-expandable: Company }
    MarkedRef: { type: object, properties: { id: { type: string } }, x-expandable: Company }
    Company: { type: object, properties: { id: { type: string }, name: { type: string } } }`,
    openapi,
  );

describe('expandable reader', () => {
  it.each([
    ['beside the property $ref', `{ $ref: '#/components/schemas/Reference', x-expandable: Company }`, '3.1.0', 'Company'],
    ['in the referenced schema', `{ $ref: '#/components/schemas/MarkedRef' }`, '3.1.0', 'Company'],
    ['beside a $ref inside a referenced schema', `{ $ref: '#/components/schemas/CompanyRef' }`, '3.1.0', 'Company'],
    ['in an allOf part', `{ allOf: [{ $ref: '#/components/schemas/MarkedRef' }], description: sender }`, '3.1.0', 'Company'],
    ['3.0 nullable: allOf + nullable', `{ allOf: [{ $ref: '#/components/schemas/MarkedRef' }], nullable: true }`, '3.0.3', 'Company'],
    ['3.1 nullable oneOf [ref, null]', `{ oneOf: [{ $ref: '#/components/schemas/MarkedRef' }, { type: 'null' }] }`, '3.1.0', 'Company'],
    ['3.1 nullable anyOf [null, ref]', `{ anyOf: [{ type: 'null' }, { $ref: '#/components/schemas/MarkedRef' }] }`, '3.1.0', 'Company'],
    ['oneOf of two real alternatives: not a reference', `{ oneOf: [{ $ref: '#/components/schemas/MarkedRef' }, { type: string }] }`, '3.1.0', undefined],
    ['a plain reference object: not expandable', `{ $ref: '#/components/schemas/Reference' }`, '3.1.0', undefined],
  ])('%s', (_name, prop, openapi, want) => {
    const g = withSender(prop, openapi);
    const found = readExpandable(g.ctx, g.op('get /items/{id}'));
    expect(found.find((e) => e.name === 'sender')?.target).toBe(want);
  });

  it('reads a collection through its item, at the property', () => {
    const g = given(`
paths:
  /items:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: array, items: { type: object, properties: { owner: { $ref: '#/components/schemas/R', x-expandable: User } } } }
components:
  schemas:
    R: { type: object, properties: { id: { type: string } } }
    User: { type: object, properties: { id: { type: string } } }`);
    const [e] = readExpandable(g.ctx, g.op('get /items'));
    expect(e).toMatchObject({ name: 'owner', target: 'User' });
    expect(e!.location.pointer).toBe('#/paths/~1items/get/responses/200/content/application~1json/schema/items/properties/owner');
  });

  // The model's reading: what `expand` may name (the sandbox answers 400 for anything else).
  it.each([
    ['an expand parameter listing values: only those', `{ type: array, items: { type: string, enum: [sender] } }`, ['sender']],
    ['an expand parameter listing none: every existing target', `{ type: array, items: { type: string } }`, ['receiver', 'sender']],
  ])('model: %s', (_name, schema, want) => {
    const g = given(`
paths:
  /items/{id}:
    get:
      parameters: [{ name: expand, in: query, schema: ${schema} }]
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  sender: { $ref: '#/components/schemas/R', x-expandable: Company }
                  receiver: { $ref: '#/components/schemas/R', x-expandable: Company }
                  ghost: { $ref: '#/components/schemas/R', x-expandable: Missing }
components:
  schemas:
    R: { type: object, properties: { id: { type: string } } }
    Company: { type: object, properties: { id: { type: string } } }`);
    const reading = readConventions(g.doc, 'given.yaml').get('get /items/{id}')!;
    expect(reading.expandable.map((e) => e.name).sort()).toEqual(want);
  });
});
