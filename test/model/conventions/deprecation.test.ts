import { describe, expect, it } from 'vitest';
import { readDeprecations } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

describe('deprecation reader', () => {
  it('lists the operation, its own parameters and its request body schemas that are deprecated, with descriptions and places', () => {
    const g = given(`
paths:
  /token:
    parameters: [{ name: tenant, in: query, deprecated: true, schema: { type: string } }]
    post:
      deprecated: true
      description: Use /v2/token.
      parameters: [{ $ref: '#/components/parameters/Legacy' }, { name: fresh, in: query, schema: { type: string } }]
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema: { oneOf: [{ $ref: '#/components/schemas/Password' }, { $ref: '#/components/schemas/Code' }] }
      responses: { '200': { description: ok } }
components:
  parameters:
    Legacy: { name: legacy, in: query, deprecated: true, description: Ignored., schema: { type: string } }
  schemas:
    Password: { type: object, deprecated: true, description: The password grant., properties: { password: { type: string } } }
    Code: { type: object, properties: { scope: { type: string, deprecated: true }, nested: { title: Extra, type: object, deprecated: true } } }
`);
    const found = readDeprecations(g.ctx, g.op('post /token')).map((d) => [d.subject, d.description, d.at.pointer]);
    expect(found).toEqual([
      ['', 'Use /v2/token.', '#/paths/~1token/post'],
      ['parameter `legacy`', 'Ignored.', '#/components/parameters/Legacy'],
      ['request body `Password`', 'The password grant.', '#/components/schemas/Password'],
      ['request body `Code`, property `scope`', undefined, '#/components/schemas/Code/properties/scope'],
      ['request body `Code`, property `nested` "Extra"', undefined, '#/components/schemas/Code/properties/nested'],
    ]);
  });

  it('finds nothing when nothing is deprecated', () => {
    const g = given(`
paths:
  /x: { get: { parameters: [{ name: q, in: query, schema: { type: string } }], responses: { '200': { description: ok } } } }`);
    expect(readDeprecations(g.ctx, g.op('get /x'))).toEqual([]);
  });
});
