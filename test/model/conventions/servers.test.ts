import { describe, expect, it } from 'vitest';
import { defaultServer, documentRoot, operationServer } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

const doc = (servers: string, own = '') => `
servers: ${servers}
paths:
  /x:
    ${own}
    get:
      responses: { '204': { description: ok } }`;

describe('servers reader', () => {
  it.each([
    ['the first server, variables filled in', `[{ url: 'https://{region}.example.com/v{major}', variables: { region: { default: eu }, major: { default: 2 } } }]`, 'https://eu.example.com/v2'],
    ['https over an http server listed first (AWS)', `[{ url: 'http://a.example.com' }, { url: 'https://a.example.com' }]`, 'https://a.example.com'],
    ['plain http when it is all there is', `[{ url: 'http://a.example.com/api' }, { url: '/relative' }]`, 'http://a.example.com/api'],
    ['none for a relative server', `[{ url: '/v1' }]`, undefined],
    ['none for a variable without a default', `[{ url: 'https://{host}/' , variables: { host: { enum: [a] } } }]`, undefined],
    ['none without servers', '[]', undefined],
  ])('default: %s', (_name, servers, want) => {
    const g = given(doc(servers));
    expect(defaultServer(g.ctx, documentRoot(g.doc, 'given.yaml'))).toBe(want);
  });

  it.each([
    ['a path item server', `servers: [{ url: 'https://upload.example.com/{v}', variables: { v: { default: v3 } } }]`, 'https://upload.example.com/v3'],
    ['the same as the document: none', `servers: [{ url: 'https://api.example.com' }]`, undefined],
    ['none of its own', '', undefined],
  ])('operation: %s', (_name, own, want) => {
    const g = given(doc(`[{ url: 'https://api.example.com' }]`, own));
    expect(operationServer(g.ctx, g.op('get /x'))).toBe(want);
  });
});
