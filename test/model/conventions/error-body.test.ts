import { describe, expect, it } from 'vitest';
import { isErrorBody, jsonSchema } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

describe('error body reader', () => {
  it.each([
    ['a message', `{ $ref: '#/components/schemas/Message' }`, true],
    ['an array of messages', `{ type: array, items: { $ref: '#/components/schemas/Message' } }`, true],
    ['oneOf message or array', `{ oneOf: [{ $ref: '#/components/schemas/Message' }, { type: array, items: { $ref: '#/components/schemas/Message' } }] }`, true],
    ['a message built with allOf', `{ allOf: [{ $ref: '#/components/schemas/Message' }, { type: object, properties: { code: { type: string } } }] }`, true],
    ['technicalMessage not required', `{ type: object, properties: { technicalMessage: { type: string } } }`, false],
    ['technicalMessage not a string', `{ type: object, required: [technicalMessage], properties: { technicalMessage: { type: integer } } }`, false],
    ['oneOf with a foreign shape', `{ oneOf: [{ $ref: '#/components/schemas/Message' }, { type: object, properties: { error: { type: string } } }] }`, false],
  ])('%s', (_name, schema, want) => {
    const g = given(`
paths:
  /x:
    get:
      responses:
        '400': { description: bad, content: { application/json: { schema: ${schema} } } }
components:
  schemas:
    Message: { type: object, required: [technicalMessage], properties: { technicalMessage: { type: string } } }`);
    expect(isErrorBody(g.ctx, jsonSchema(g.ctx, g.op('get /x').responses.get('400')))).toBe(want);
  });
});
