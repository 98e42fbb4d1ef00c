import { describe, expect, it } from 'vitest';
import { readPrincipal, successSchemaNode } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

const answering = (properties: string) =>
  given(`
paths:
  /current-user:
    get:
      responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/User' } } } } }
components:
  schemas:
    User: { type: object, properties: ${properties} }
    Login: { type: string, x-principal: username }
`);

describe('principal reader (x-principal)', () => {
  it.each<[string, string, { property: string; value: unknown; at: string }[]]>([
    ['on the property', `{ id: { type: string }, username: { type: string, x-principal: username } }`, [{ property: 'username', value: 'username', at: '#/components/schemas/User/properties/username/x-principal' }]],
    ['beside its $ref', `{ login: { $ref: '#/components/schemas/Name', x-principal: username } }`, [{ property: 'login', value: 'username', at: '#/components/schemas/User/properties/login/x-principal' }]],
    ['in the $ref-ed schema', `{ login: { $ref: '#/components/schemas/Login' } }`, [{ property: 'login', value: 'username', at: '#/components/schemas/Login/x-principal' }]],
    ['a value lint judges, read as written', `{ email: { type: string, x-principal: email } }`, [{ property: 'email', value: 'email', at: '#/components/schemas/User/properties/email/x-principal' }]],
    ['none', `{ username: { type: string } }`, []],
  ])('%s', (_name, properties, want) => {
    const g = answering(properties);
    const read = readPrincipal(g.ctx, successSchemaNode(g.ctx, g.op('get /current-user')));
    expect(read.map((r) => ({ property: r.property, value: r.value, at: r.location.pointer }))).toEqual(want);
  });
});
