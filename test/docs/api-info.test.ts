// What the docs take from the model about the token service: which operation is its login page (the guide's
// `GET {authUrl}<login path>` example), by the reader's reading rather than by position in the document.
import { describe, expect, it } from 'vitest';
import { describeApi } from '../../generator/docs/api-info.js';
import type { OpenApiDocument } from '../../generator/load/index.js';

const form = (props: object) => ({ content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: props } } } });
const ok = { '200': { description: 'ok' } };

describe('describeApi', () => {
  it('marks the token service operations with their role, a GET before the login page included', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Token service', version: '1' },
      paths: {
        '/.well-known/jwks.json': { get: { responses: ok } },
        '/oauth2/token': { post: { requestBody: form({ grant_type: { type: 'string' } }), responses: ok } },
        '/oauth2/authorize': { get: { parameters: [{ name: 'response_type', in: 'query', schema: { type: 'string' } }], responses: ok } },
      },
    } as unknown as OpenApiDocument;
    const info = describeApi({ id: 'token', subApi: 'token', version: undefined, file: 'token.yaml', relPath: 'token/openapi.yaml' }, doc);
    expect(info.operations.map((o) => [o.method, o.path, o.tokenService])).toEqual([
      ['GET', '/.well-known/jwks.json', undefined],
      ['POST', '/oauth2/token', 'token'],
      ['GET', '/oauth2/authorize', 'login-page'],
    ]);
  });
});
