// OpenAPI 3.2 (issue 46): QUERY and additionalOperations are operations like the others, a `querystring` parameter
// is the query string as one schema compared as a request body is, and a security scheme may turn deprecated.
import { describe, expect, it } from 'vitest';
import { type Json, diff, summary } from '../helpers.js';
import type { OpenApiDocument } from '../../../generator/load/types.js';

const v32 = (paths: Json, components: Json = {}): OpenApiDocument => ({ openapi: '3.2.0', info: { title: 't', version: '1' }, paths, components }) as OpenApiDocument;
const ok = { '200': { description: 'ok' } };
const search = (properties: Json, required: string[] = []) => ({
  requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties, required } } } },
  responses: ok,
});

describe('QUERY and additional operations', () => {
  it('removing a QUERY operation is breaking, adding one is not', () => {
    const base = v32({ '/items': { get: { responses: ok }, query: search({}) } });
    const head = v32({ '/items': { get: { responses: ok } } });
    const removed = diff(base, head);
    expect(summary(removed)).toEqual(['breaking operation-removed paths./items.query']);
    expect(removed[0]!.operation).toBe('QUERY /items');
    expect(summary(diff(head, base))).toEqual(['non-breaking operation-added paths./items.query']);
  });

  it('removing an operation of additionalOperations is breaking; its method is matched as written', () => {
    const base = v32({ '/items': { get: { responses: ok }, additionalOperations: { LINK: { responses: ok }, UNLINK: { responses: ok } } } });
    const head = v32({ '/items': { get: { responses: ok }, additionalOperations: { UNLINK: { responses: ok }, PURGE: { responses: ok } } } });
    const changes = diff(base, head);
    expect(summary(changes)).toEqual(['breaking operation-removed paths./items.additionalOperations.LINK', 'non-breaking operation-added paths./items.additionalOperations.PURGE']);
    expect(changes.map((c) => c.operation)).toEqual(['LINK /items', 'PURGE /items']);
  });

  it('a path with only QUERY and LINK operations removed is one breaking change naming both', () => {
    const base = v32({ '/a': { get: { responses: ok } }, '/items': { query: search({}), additionalOperations: { LINK: { responses: ok } } } });
    const changes = diff(base, v32({ '/a': { get: { responses: ok } } }));
    expect(summary(changes)).toEqual(['breaking path-removed paths./items']);
    expect(changes[0]!.operations).toEqual(['LINK /items', 'QUERY /items']);
  });

  it('the request body of a QUERY operation is compared as any request body is', () => {
    const base = v32({ '/items': { query: search({ name: { type: 'string' }, tag: { type: 'string' } }) } });
    const head = v32({ '/items': { query: search({ name: { type: 'string' } }, ['name']) } });
    expect(summary(diff(base, head))).toEqual([
      'breaking request-property-became-required requestBody[application/json].name',
      'breaking request-property-removed requestBody[application/json].tag',
    ]);
  });

  it('a 3.0 or 3.1 document has no QUERY operation: a `query` key there is not one', () => {
    const as = (openapi: string, item: Json) => ({ ...v32({ '/items': item }), openapi }) as OpenApiDocument;
    const base = as('3.1.0', { get: { responses: ok }, query: search({}), additionalOperations: { LINK: { responses: ok } } });
    expect(summary(diff(base, as('3.1.0', { get: { responses: ok } })))).toEqual([]);
  });
});

describe('querystring parameters: the whole query string as one schema', () => {
  const form = 'application/x-www-form-urlencoded';
  const qs = (name: string, properties: Json, required: string[] = [], mediaType = form) => ({
    name,
    in: 'querystring',
    content: { [mediaType]: { schema: { type: 'object', properties, required } } },
  });
  const get = (parameters: unknown[]) => v32({ '/items': { get: { parameters, responses: ok } } });

  it('its schema changes are classified as a request body\'s: fewer accepted inputs break, more do not', () => {
    const base = get([qs('filter', { name: { type: 'string' }, tag: { type: 'string' }, limit: { type: 'integer', maximum: 100 } })]);
    const head = get([qs('filter', { name: { type: 'string' }, limit: { type: 'integer', maximum: 50 }, page: { type: 'integer' } }, ['name'])]);
    const changes = diff(base, head);
    expect(summary(changes)).toEqual([
      `breaking request-maximum-decreased querystring[${form}].limit`,
      `breaking request-property-became-required querystring[${form}].name`,
      `breaking request-property-removed querystring[${form}].tag`,
      `non-breaking request-property-added querystring[${form}].page`,
    ]);
    expect(changes.find((c) => c.id === 'request-property-removed')!.message).toBe('query string property `tag` was removed');
  });

  it('its name is not sent: renaming it changes nothing', () => {
    expect(summary(diff(get([qs('filter', { name: { type: 'string' } })]), get([qs('q', { name: { type: 'string' } })])))).toEqual([]);
  });

  it('a new media type is a new serialization of the query string, which breaks clients', () => {
    const changes = diff(get([qs('filter', { name: { type: 'string' } })]), get([qs('filter', { name: { type: 'string' } }, [], 'application/json')]));
    expect(summary(changes)).toEqual(['breaking request-parameter-style-changed querystring']);
    expect(changes[0]!.message).toBe(`serialization of querystring parameter \`filter\` changed from ${form} to application/json`);
  });

  it('added as required breaks, removed breaks', () => {
    expect(summary(diff(get([]), get([{ ...qs('filter', {}), required: true }])))).toEqual(['breaking request-parameter-added-required querystring']);
    expect(summary(diff(get([qs('filter', {})]), get([])))).toEqual(['breaking request-parameter-removed querystring']);
  });
});

describe('security schemes of 3.2', () => {
  const secured = (schemes: Json) => v32({ '/a': { get: { security: [{ key: [] }], responses: ok } } }, { securitySchemes: schemes });
  const key = { type: 'apiKey', in: 'header', name: 'X-Key' };

  it('a scheme turning deprecated is information; one no longer deprecated is nothing to act on', () => {
    const changes = diff(secured({ key }), secured({ key: { ...key, deprecated: true } }));
    expect(summary(changes)).toEqual(['info security-scheme-deprecated components.securitySchemes.key']);
    expect(changes[0]!.message).toBe('security scheme `key` is now deprecated');
    expect(summary(diff(secured({ key: { ...key, deprecated: true } }), secured({ key })))).toEqual([]);
  });

  it('a changed device authorization URL or OAuth metadata URL breaks clients, as a changed token URL does', () => {
    const device = (deviceAuthorizationUrl: string, oauth2MetadataUrl: string) => ({
      type: 'oauth2',
      oauth2MetadataUrl,
      flows: { deviceAuthorization: { deviceAuthorizationUrl, tokenUrl: 'https://auth.example.com/token', scopes: {} } },
    });
    const base = secured({ key, device: device('https://auth.example.com/device', 'https://auth.example.com/.well-known/oauth-authorization-server') });
    const head = secured({ key, device: device('https://auth.example.com/v2/device', 'https://auth.example.com/v2/.well-known/oauth-authorization-server') });
    expect(diff(base, head).map((c) => `${c.level} ${c.id} ${c.message}`)).toEqual([
      'breaking security-scheme-changed security scheme `device` changed its deviceAuthorization deviceAuthorizationUrl from "https://auth.example.com/device" to "https://auth.example.com/v2/device"',
      'breaking security-scheme-changed security scheme `device` changed its oauth2MetadataUrl from "https://auth.example.com/.well-known/oauth-authorization-server" to "https://auth.example.com/v2/.well-known/oauth-authorization-server"',
    ]);
  });
});
