import { describe, expect, it } from 'vitest';
import { isLoginPage, isRevocationEndpoint, isTokenEndpoint, isTokenService } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

const form = (props: string) => `{ content: { application/x-www-form-urlencoded: { schema: { type: object, properties: ${props} } } } }`;

describe('token service reader', () => {
  it.each([
    ['a POST whose form has grant_type', 'post', `requestBody: ${form('{ grant_type: { type: string } }')}`, 'token'],
    ['grant_type in one form of a oneOf', 'post', `requestBody: { content: { application/x-www-form-urlencoded: { schema: { oneOf: [{ type: object, properties: { grant_type: { type: string }, code: { type: string } } }] } } } }`, 'token'],
    ['a POST whose form is token and token_type_hint', 'post', `requestBody: ${form('{ token: { type: string }, token_type_hint: { type: string } }')}`, 'revocation'],
    ['a GET taking response_type', 'get', `parameters: [{ name: response_type, in: query, schema: { type: string } }]`, 'login'],
    ['a JSON POST with grant_type', 'post', `requestBody: { content: { application/json: { schema: { type: object, properties: { grant_type: { type: string } } } } } }`, 'none'],
  ])('%s -> %s', (_name, method, body, want) => {
    const g = given(`
paths:
  /x:
    ${method}:
      ${body}
      responses: { '200': { description: ok } }`);
    const op = g.op(`${method} /x`);
    const kind = isTokenEndpoint(g.ctx, op) ? 'token' : isRevocationEndpoint(g.ctx, op) ? 'revocation' : isLoginPage(op) ? 'login' : 'none';
    expect(kind).toBe(want);
    expect(isTokenService(g.ctx, op)).toBe(want !== 'none');
  });
});
