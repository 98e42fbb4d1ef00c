import { describe, expect, it } from 'vitest';
import { isTokenService, tokenGrants, tokenServiceRole } from '../../../generator/model/conventions/index.js';
import { readConventions } from '../../../generator/model/read.js';
import { given } from './given.js';

const form = (props: string) => `{ content: { application/x-www-form-urlencoded: { schema: { type: object, properties: ${props} } } } }`;

describe('token service reader', () => {
  it.each([
    ['a POST whose form has grant_type', 'post', `requestBody: ${form('{ grant_type: { type: string } }')}`, 'token'],
    ['grant_type in one form of a oneOf', 'post', `requestBody: { content: { application/x-www-form-urlencoded: { schema: { oneOf: [{ type: object, properties: { grant_type: { type: string }, code: { type: string } } }] } } } }`, 'token'],
    ['a POST whose form is token and token_type_hint', 'post', `requestBody: ${form('{ token: { type: string }, token_type_hint: { type: string } }')}`, 'revocation'],
    ['a GET taking response_type', 'get', `parameters: [{ name: response_type, in: query, schema: { type: string } }]`, 'login-page'],
    ['a POST whose form repeats response_type', 'post', `requestBody: ${form('{ response_type: { type: string }, username: { type: string } }')}`, 'login-form'],
    ['a JSON POST with grant_type', 'post', `requestBody: { content: { application/json: { schema: { type: object, properties: { grant_type: { type: string } } } } } }`, undefined],
  ])('%s -> %s', (_name, method, body, want) => {
    const g = given(`
paths:
  /x:
    ${method}:
      ${body}
      responses: { '200': { description: ok } }`);
    const op = g.op(`${method} /x`);
    expect(tokenServiceRole(g.ctx, op)).toBe(want);
    expect(isTokenService(g.ctx, op)).toBe(want !== undefined);
    // The model carries the reading (the docs find the login page by it).
    expect(readConventions(g.doc, 'given.yaml').get(`${method} /x`)!.tokenService).toBe(want);
  });
});

describe('token grants reader', () => {
  const grants = (body: string, params = '[]') => {
    const g = given(`
paths:
  /token:
    post:
      parameters: ${params}
      requestBody: { content: { application/x-www-form-urlencoded: { schema: ${body} } } }
      responses: { '200': { description: ok } }`);
    return tokenGrants(g.ctx, g.op('post /token')).map((t) => [t.grant, t.deprecated, t.form?.location.pointer]);
  };

  it('reads one grant per alternative of the form, in document order, with its deprecation', () => {
    const alternatives = [
      '{ type: object, properties: { grant_type: { const: authorization_code }, code: { type: string } } }',
      '{ type: object, deprecated: true, properties: { grant_type: { type: string, enum: [password] } } }',
      '{ type: object, properties: { grant_type: { const: refresh_token } } }',
    ];
    expect(grants(`{ oneOf: [${alternatives.join(', ')}] }`)).toEqual([
      ['authorization_code', false, '#/paths/~1token/post/requestBody/content/application~1x-www-form-urlencoded/schema/oneOf/0'],
      ['password', true, '#/paths/~1token/post/requestBody/content/application~1x-www-form-urlencoded/schema/oneOf/1'],
      ['refresh_token', false, '#/paths/~1token/post/requestBody/content/application~1x-www-form-urlencoded/schema/oneOf/2'],
    ]);
  });

  it("else the form's own grant_type enum, else the query parameter's", () => {
    expect(grants(`{ type: object, properties: { grant_type: { enum: [client_credentials, refresh_token] } } }`)).toEqual([
      ['client_credentials', false, undefined],
      ['refresh_token', false, undefined],
    ]);
    expect(grants(`{ type: object, properties: { grant_type: { type: string } } }`, '[{ name: grant_type, in: query, schema: { enum: [password] } }]')).toEqual([['password', false, undefined]]);
    expect(grants(`{ type: object, properties: { grant_type: { type: string } } }`)).toEqual([]);
  });
});
