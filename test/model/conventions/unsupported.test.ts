import { describe, expect, it } from 'vitest';
import { documentRoot, unsupportedConstructs } from '../../../generator/model/conventions/index.js';
import { openapiVersion } from '../../../generator/load/index.js';
import { given } from './given.js';

const OK = `responses: { '204': { description: ok } }`;

/** The reader's findings on a fragment: `pointer: message`. */
function found(yaml: string, openapi = '3.1.0'): string[] {
  const g = given(yaml, openapi);
  return unsupportedConstructs(g.ctx, documentRoot(g.doc, 'given.yaml')).map((u) => `${u.at.pointer}: ${u.message}`);
}

describe('unsupported constructs reader', () => {
  it.each([
    ['3.0.3', '3.0'],
    ['3.1.1', '3.1'],
    ['3.2.0', '3.2'],
    ['3.3.0', '3.2'],
  ])('reads version %s as %s', (openapi, want) => {
    expect(openapiVersion(documentRoot(given('paths: {}', openapi).doc).node)).toBe(want);
  });

  it.each([
    ['a QUERY operation in 3.1', `paths: { /a: { query: { ${OK} } } }`, '3.1.0', '#/paths/~1a/query: QUERY /a is not generated: `query` is an OpenAPI 3.2 field, and this document declares OpenAPI 3.1.0'],
    ['an additional operation in 3.0', `paths: { /a: { additionalOperations: { LINK: { ${OK} } } } }`, '3.0.3', '#/paths/~1a/additionalOperations/LINK: LINK /a is not generated: `additionalOperations` is an OpenAPI 3.2 field, and this document declares OpenAPI 3.0.3'],
    ['an unknown path item key', `paths: { /a: { search: { ${OK} } } }`, '3.1.0', '#/paths/~1a/search: `search` of /a is not generated: `search` is not a field of a path item in OpenAPI 3.1'],
    ['a location docex does not serialize', `paths: { /a: { get: { parameters: [{ name: p, in: matrix, schema: { type: string } }], ${OK} } } }`, '3.1.0', '#/paths/~1a/get/parameters/0/in: GET /a: parameter `p` in `matrix` is not sent: docex does not serialize this location'],
    ['querystring before 3.2', `paths: { /a: { get: { parameters: [{ name: q, in: querystring, content: { application/json: { schema: { type: object } } } }], ${OK} } } }`, '3.1.0', '#/paths/~1a/get/parameters/0/in: GET /a: parameter `q` in `querystring` is not sent: `in: querystring` is an OpenAPI 3.2 location, and this document declares OpenAPI 3.1.0'],
    ['an event stream', `paths: { /a: { get: { responses: { '200': { description: ok, content: { text/event-stream: { schema: { type: string } } } } } } } }`, '3.1.0', '#/paths/~1a/get/responses/200/content/text~1event-stream: GET /a 200: `text/event-stream` declares no `itemSchema`: its items are typed as events whose `data` is a string'],
    ['JSON Lines without an item schema', `paths: { /a: { get: { responses: { '200': { description: ok, content: { application/x-ndjson: { schema: { type: string } } } } } } } }`, '3.1.0', '#/paths/~1a/get/responses/200/content/application~1x-ndjson: GET /a 200: `application/x-ndjson` declares no `itemSchema`: its items are typed as unknown JSON values'],
    ['an event stream that is not the success response\'s first media type', `paths: { /a: { get: { responses: { '200': { description: ok, content: { application/json: {}, text/event-stream: { itemSchema: {} } } } } } } }`, '3.2.0', '#/paths/~1a/get/responses/200/content/text~1event-stream: GET /a 200: `text/event-stream` is a stream of items, and docex reads it whole, without its `itemSchema`'],
    ['a JSON Lines request', `paths: { /a: { post: { requestBody: { content: { application/jsonl: { schema: {} } } }, ${OK} } } }`, '3.1.0', '#/paths/~1a/post/requestBody/content/application~1jsonl: POST /a: `application/jsonl` is a stream of items, and docex sends it whole'],
    ['multipart/mixed', `paths: { /a: { post: { requestBody: { content: { multipart/mixed: { schema: { type: object } } } }, ${OK} } } }`, '3.1.0', '#/paths/~1a/post/requestBody/content/multipart~1mixed: POST /a: `multipart/mixed` parts are not built: a plain object is sent as JSON'],
    ['XML with a schema', `paths: { /a: { get: { responses: { '200': { description: ok, content: { application/xml: { schema: { type: object } } } } } } } }`, '3.1.0', '#/paths/~1a/get/responses/200/content/application~1xml: GET /a 200: `application/xml` is read as text: its schema\'s XML structure is not carried'],
    ['a tag parent in 3.1', `tags: [{ name: a, parent: b }]\npaths: {}`, '3.1.0', '#/tags/0/parent: `parent` of a tag is an OpenAPI 3.2 keyword, and this document declares OpenAPI 3.1.0'],
    ['webhooks in 3.0', `webhooks: {}\npaths: {}`, '3.0.3', '#/webhooks: `webhooks` of the document is an OpenAPI 3.1 keyword, and this document declares OpenAPI 3.0.3'],
    ['an example dataValue in 3.1', `paths: { /a: { get: { responses: { '200': { description: ok, content: { application/json: { examples: { one: { dataValue: 1 } } } } } } } } }`, '3.1.0', '#/paths/~1a/get/responses/200/content/application~1json/examples/one/dataValue: `dataValue` of an example is an OpenAPI 3.2 keyword, and this document declares OpenAPI 3.1.0'],
    ['the device flow in 3.2', `paths: {}\ncomponents: { securitySchemes: { o: { type: oauth2, flows: { deviceAuthorization: { deviceAuthorizationUrl: 'https://a/d', tokenUrl: 'https://a/t', scopes: {} } } } } }`, '3.2.0', '#/components/securitySchemes/o/flows/deviceAuthorization: `deviceAuthorization` of OAuth flows is not carried: the token source does not run the device authorization flow'],
    ['a stream item schema in 3.2', `paths: { /a: { get: { responses: { '200': { description: ok, content: { application/x-custom: { itemSchema: { type: string } } } } } } } }`, '3.2.0', '#/paths/~1a/get/responses/200/content/application~1x-custom: GET /a 200: `application/x-custom` is a stream of items, and docex reads it whole, without its `itemSchema`'],
  ])('%s', (_name, yaml, openapi, want) => {
    expect(found(yaml, openapi)).toEqual([want]);
  });

  it.each([
    ['`x-` keys of a path item', `paths: { /a: { x-internal: true, get: { ${OK} } } }`, '3.1.0'],
    ['querystring, tag and scheme keywords of a 3.2 document', `tags: [{ name: a, parent: b, kind: nav, summary: A }]\npaths: { /a: { get: { parameters: [{ name: q, in: querystring, content: { application/json: { schema: { type: object } } } }], ${OK} } } }\ncomponents: { securitySchemes: { b: { type: http, scheme: basic, deprecated: true } } }`, '3.2.0'],
    ['XML beside JSON, or typed as one string', `paths: { /a: { get: { responses: { '200': { description: ok, content: { application/json: { schema: { type: object } }, application/xml: { schema: { type: object } } } }, '201': { description: ok, content: { text/xml: { schema: { type: string } } } } } } } }`, '3.1.0'],
    ['a 3.2 event stream with its item schema', `paths: { /a: { get: { responses: { '200': { description: ok, content: { text/event-stream: { itemSchema: { type: object } } } } } } } }`, '3.2.0'],
    ['JSON, forms, multipart/form-data and XML without a schema', `paths: { /a: { post: { requestBody: { content: { application/json: {}, application/x-www-form-urlencoded: {}, multipart/form-data: {}, application/xml: {} } }, ${OK} } } }`, '3.1.0'],
  ])('nothing for %s', (_name, yaml, openapi) => {
    expect(found(yaml, openapi)).toEqual([]);
  });
});
