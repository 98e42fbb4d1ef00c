// One minimal base/head pair per diff rule, grouped by family: `fires` is exactly the set of rule ids the pair
// produces. The registry meta-test runs them all and requires every id in RULES to fire in at least one.
import type { RuleId } from '../../generator/diff/index.js';
import type { OpenApiDocument } from '../../generator/load/types.js';
import { type Json, accepting, api, responding } from './helpers.js';

export interface RuleCase {
  fires: RuleId[];
  base: OpenApiDocument;
  head: OpenApiDocument;
}

const ok = { '200': { description: 'ok' } };
const get = (parameters: unknown[]) => api({ '/items': { get: { parameters, responses: ok } } });
const q = (name: string, schema: Json = { type: 'string' }, extra: Json = {}) => ({ name, in: 'query', schema, ...extra });
/** A GET /items answering 200 with `content` and `headers`. */
const answering = (content: Json, headers: Json = {}) => api({ '/items': { get: { responses: { '200': { description: 'ok', headers, content } } } } });
/** A POST /items with `requestBody` (or none). */
const posting = (requestBody?: Json) => api({ '/items': { post: { ...(requestBody ? { requestBody } : {}), responses: ok } } });
const obj = (properties: Json, required: string[] = []) => ({ type: 'object', required, properties });
/** Request and response pairs of the same schema change. */
const both = (fires: [RuleId, RuleId], base: Json, head: Json): RuleCase[] => [
  { fires: [fires[0]], base: accepting(base), head: accepting(head) },
  { fires: [fires[1]], base: responding(base), head: responding(head) },
];

const paths: RuleCase[] = [
  { fires: ['path-removed', 'operation-added'], base: api({ '/a': { get: { responses: ok } }, '/b': { get: { responses: ok } } }), head: api({ '/a': { get: { responses: ok }, post: { responses: ok } } }) },
  { fires: ['path-removed-deprecated'], base: api({ '/a': { get: { responses: ok } }, '/b': { get: { deprecated: true, responses: ok } } }), head: api({ '/a': { get: { responses: ok } } }) },
  { fires: ['operation-removed'], base: api({ '/a': { get: { responses: ok }, post: { responses: ok } } }), head: api({ '/a': { get: { responses: ok } } }) },
  { fires: ['operation-removed-deprecated'], base: api({ '/a': { get: { responses: ok }, post: { deprecated: true, responses: ok } } }), head: api({ '/a': { get: { responses: ok } } }) },
  {
    fires: ['operation-removed-before-sunset'],
    base: api({ '/a': { get: { responses: ok }, post: { deprecated: true, 'x-sunset': '2099-01-01', responses: ok } } }),
    head: api({ '/a': { get: { responses: ok } } }),
  },
  { fires: ['operation-deprecated', 'operation-id-changed'], base: api({ '/a': { get: { operationId: 'a', responses: ok } } }), head: api({ '/a': { get: { operationId: 'b', deprecated: true, responses: ok } } }) },
];

const parameters: RuleCase[] = [
  { fires: ['request-parameter-added-required', 'request-parameter-added'], base: get([]), head: get([q('a', undefined, { required: true }), q('b')]) },
  { fires: ['request-parameter-removed', 'request-parameter-removed-deprecated', 'request-parameter-moved'], base: get([q('a'), q('b', undefined, { deprecated: true }), q('c')]), head: get([{ name: 'c', in: 'header', schema: { type: 'string' } }]) },
  { fires: ['request-parameter-became-required', 'request-parameter-deprecated'], base: get([q('a')]), head: get([q('a', undefined, { required: true, deprecated: true })]) },
  { fires: ['request-parameter-became-optional'], base: get([q('a', undefined, { required: true })]), head: get([q('a')]) },
  { fires: ['request-parameter-default-changed'], base: get([q('a', { type: 'string', default: 'x' })]), head: get([q('a', { type: 'string', default: 'y' })]) },
  { fires: ['request-parameter-style-changed'], base: get([q('a', { type: 'array', items: { type: 'string' } })]), head: get([q('a', { type: 'array', items: { type: 'string' } }, { explode: false })]) },
  { fires: ['collection-limit-maximum-decreased'], base: get([q('limit', { type: 'integer', maximum: 100 })]), head: get([q('limit', { type: 'integer', maximum: 50 })]) },
];

const json = (schema: Json) => ({ 'application/json': { schema } });
const requestBody: RuleCase[] = [
  { fires: ['request-body-added-required'], base: posting(), head: posting({ required: true, content: json({ type: 'string' }) }) },
  { fires: ['request-body-added'], base: posting(), head: posting({ content: json({ type: 'string' }) }) },
  { fires: ['request-body-removed'], base: posting({ content: json({ type: 'string' }) }), head: posting() },
  { fires: ['request-body-became-required'], base: posting({ content: json({ type: 'string' }) }), head: posting({ required: true, content: json({ type: 'string' }) }) },
  { fires: ['request-body-became-optional'], base: posting({ required: true, content: json({ type: 'string' }) }), head: posting({ content: json({ type: 'string' }) }) },
  {
    fires: ['request-property-removed', 'request-property-added-required', 'request-property-added'],
    base: accepting(obj({ a: { type: 'string' } })),
    head: accepting(obj({ b: { type: 'string' }, c: { type: 'string' } }, ['b'])),
  },
  { fires: ['request-property-became-required', 'request-property-deprecated'], base: accepting(obj({ a: { type: 'string' } })), head: accepting(obj({ a: { type: 'string', deprecated: true } }, ['a'])) },
  { fires: ['request-property-became-optional'], base: accepting(obj({ a: { type: 'string' } }, ['a'])), head: accepting(obj({ a: { type: 'string' } })) },
  { fires: ['request-additional-properties-disallowed'], base: accepting(obj({ a: { type: 'string' } })), head: accepting({ ...obj({ a: { type: 'string' } }), additionalProperties: false }) },
];

const responseBody: RuleCase[] = [
  { fires: ['response-property-removed', 'response-property-added'], base: responding(obj({ a: { type: 'string' } })), head: responding(obj({ b: { type: 'string' } })) },
  { fires: ['response-property-became-optional'], base: responding(obj({ a: { type: 'string' } }, ['a'])), head: responding(obj({ a: { type: 'string' } })) },
  { fires: ['response-property-became-required', 'response-property-deprecated'], base: responding(obj({ a: { type: 'string' } })), head: responding(obj({ a: { type: 'string', deprecated: true } }, ['a'])) },
];

const schemaTypes: RuleCase[] = [
  ...both(['request-type-changed', 'response-type-changed'], { type: 'string' }, { type: 'boolean' }),
  { fires: ['request-type-generalized'], base: accepting({ type: 'integer' }), head: accepting({ type: 'number' }) },
  { fires: ['response-type-narrowed'], base: responding({ type: 'number' }), head: responding({ type: 'integer' }) },
  ...both(['request-format-changed', 'response-format-changed'], { type: 'string', format: 'date' }, { type: 'string', format: 'email' }),
  { fires: ['request-format-generalized'], base: accepting({ type: 'string', format: 'date-time' }), head: accepting({ type: 'string' }) },
  { fires: ['response-format-narrowed'], base: responding({ type: 'string' }), head: responding({ type: 'string', format: 'date-time' }) },
  ...both(['request-became-nullable', 'response-became-nullable'], { type: 'string' }, { type: ['string', 'null'] }),
  ...both(['request-became-not-nullable', 'response-became-not-nullable'], { type: ['string', 'null'] }, { type: 'string' }),
];

const bounds = (keyword: string, low: number, high: number, type: string) => ({ base: { type, [keyword]: low }, head: { type, [keyword]: high } });
const constraints: RuleCase[] = [
  ...(
    [
      ['maximum', 'integer'],
      ['max-length', 'string'],
      ['max-items', 'array'],
      ['max-properties', 'object'],
      ['minimum', 'integer'],
      ['min-length', 'string'],
      ['min-items', 'array'],
      ['min-properties', 'object'],
    ] as const
  ).flatMap(([slug, type]) => {
    const keyword = slug.replace(/-(\w)/, (_, c: string) => c.toUpperCase());
    const up = bounds(keyword, 1, 2, type);
    const down = bounds(keyword, 2, 1, type);
    return [...both([`request-${slug}-increased`, `response-${slug}-increased`], up.base, up.head), ...both([`request-${slug}-decreased`, `response-${slug}-decreased`], down.base, down.head)];
  }),
  { fires: ['request-pattern-added'], base: accepting({ type: 'string' }), head: accepting({ type: 'string', pattern: '^a$' }) },
  { fires: ['request-pattern-removed'], base: accepting({ type: 'string', pattern: '^a$' }), head: accepting({ type: 'string' }) },
  ...both(['request-pattern-changed', 'response-pattern-changed'], { type: 'string', pattern: '^a$' }, { type: 'string', pattern: '^b$' }),
  { fires: ['request-pattern-generalized'], base: accepting({ type: 'string', pattern: '^a$' }), head: accepting({ type: 'string', pattern: '.*' }) },
  { fires: ['request-unique-items-added'], base: accepting({ type: 'array', items: { type: 'string' } }), head: accepting({ type: 'array', items: { type: 'string' }, uniqueItems: true }) },
  ...both(['request-default-changed', 'response-default-changed'], { type: 'string', default: 'a' }, { type: 'string', default: 'b' }),
];

const str = (extra: Json) => ({ type: 'string', ...extra });
const enums: RuleCase[] = [
  ...both(['request-enum-value-removed', 'response-enum-value-removed'], str({ enum: ['A', 'B'] }), str({ enum: ['A'] })),
  ...both(['request-enum-value-added', 'response-enum-value-added'], str({ enum: ['A'] }), str({ enum: ['A', 'B'] })),
  ...both(['request-became-enum', 'response-became-enum'], str({}), str({ enum: ['A'] })),
  ...both(['request-enum-removed', 'response-enum-removed'], str({ enum: ['A'] }), str({})),
  ...both(['request-extensible-enum-value-removed', 'response-extensible-enum-value-removed'], str({ 'x-extensible-enum': ['A', 'B'] }), str({ 'x-extensible-enum': ['A'] })),
  ...both(['request-extensible-enum-value-added', 'response-extensible-enum-value-added'], str({ 'x-extensible-enum': ['A'] }), str({ 'x-extensible-enum': ['A', 'B'] })),
  ...both(['request-const-changed', 'response-const-changed'], str({ const: 'A' }), str({ const: 'B' })),
  { fires: ['response-enum-became-extensible'], base: responding(str({ enum: ['A'] })), head: responding(str({ 'x-extensible-enum': ['A'] })) },
];

// `Marker` has no properties, so an allOf gaining or losing it changes no property.
const variants = { schemas: { Cat: obj({ meow: { type: 'string' } }), Dog: obj({ bark: { type: 'string' } }), Marker: { type: 'object' } } };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const composed = (fires: [RuleId, RuleId], base: Json, head: Json): RuleCase[] => [
  { fires: [fires[0]], base: accepting(base, variants), head: accepting(head, variants) },
  { fires: [fires[1]], base: responding(base, variants), head: responding(head, variants) },
];
const inline = obj({ a: { type: 'string' } });
const composition: RuleCase[] = [
  ...composed(['request-variant-removed', 'response-variant-removed'], { oneOf: [ref('Cat'), ref('Dog')] }, { oneOf: [ref('Cat')] }),
  ...composed(['request-variant-added', 'response-variant-added'], { oneOf: [ref('Cat')] }, { oneOf: [ref('Cat'), ref('Dog')] }),
  ...composed(['request-wrapped-in-variants', 'response-wrapped-in-variants'], inline, { oneOf: [inline, inline] }),
  ...composed(['request-all-of-added', 'response-all-of-added'], { allOf: [ref('Cat')] }, { allOf: [ref('Cat'), ref('Marker')] }),
  ...composed(['request-all-of-removed', 'response-all-of-removed'], { allOf: [ref('Cat'), ref('Marker')] }, { allOf: [ref('Cat')] }),
];

const xml = (type: string) => ({ 'application/xml': { schema: { type } } });
const mediaTypes: RuleCase[] = [
  { fires: ['request-media-type-removed'], base: posting({ content: { ...json({ type: 'string' }), ...xml('string') } }), head: posting({ content: xml('string') }) },
  { fires: ['request-media-type-added'], base: posting({ content: xml('string') }), head: posting({ content: { ...json({ type: 'string' }), ...xml('string') } }) },
  { fires: ['response-media-type-removed'], base: answering({ ...json({ type: 'string' }), ...xml('string') }), head: answering(xml('string')) },
  { fires: ['response-media-type-added'], base: answering(xml('string')), head: answering({ ...json({ type: 'string' }), ...xml('string') }) },
  { fires: ['request-media-type-schema-added'], base: posting({ content: { 'application/json': {} } }), head: posting({ content: json({ type: 'string' }) }) },
  { fires: ['request-media-type-schema-removed'], base: posting({ content: json({ type: 'string' }) }), head: posting({ content: { 'application/json': {} } }) },
  { fires: ['response-media-type-schema-added'], base: answering({ 'application/json': {} }), head: answering(json({ type: 'string' })) },
  { fires: ['response-media-type-schema-removed'], base: answering(json({ type: 'string' })), head: answering({ 'application/json': {} }) },
  { fires: ['request-body-type-compatible'], base: posting({ content: xml('object') }), head: posting({ content: xml('string') }) },
  { fires: ['response-body-type-compatible'], base: answering(xml('object')), head: answering(xml('string')) },
];

const statusCodes: RuleCase[] = [
  {
    fires: ['response-success-status-removed', 'response-success-status-added', 'response-status-removed'],
    base: api({ '/a': { get: { responses: { '200': { description: 'ok' }, '409': { description: 'conflict' } } } } }),
    head: api({ '/a': { get: { responses: { '201': { description: 'ok' } } } } }),
  },
  { fires: ['response-status-added'], base: api({ '/a': { get: { responses: ok } } }), head: api({ '/a': { get: { responses: { ...ok, '404': { description: 'gone' } } } } }) },
];

const header = (required: boolean) => ({ required, schema: { type: 'string' } });
const headers: RuleCase[] = [
  { fires: ['response-header-removed', 'response-header-added'], base: answering({}, { ETag: header(true) }), head: answering({}, { Link: header(false) }) },
  { fires: ['response-header-became-optional'], base: answering({}, { ETag: header(true) }), head: answering({}, { ETag: header(false) }) },
];

const schemes = { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/token', scopes: {} } } }, key: { type: 'apiKey', in: 'header', name: 'X-Key' } } };
const secured = (security?: Json[], components: Json = schemes) => api({ '/a': { get: { ...(security ? { security } : {}), responses: ok } } }, components);
const security: RuleCase[] = [
  { fires: ['security-added'], base: secured(), head: secured([{ bearer: [] }]) },
  { fires: ['security-removed'], base: secured([{ bearer: [] }]), head: secured() },
  { fires: ['security-requirement-added'], base: secured([{ bearer: [] }]), head: secured([{ bearer: [] }, { key: [] }]) },
  { fires: ['security-requirement-removed'], base: secured([{ bearer: [] }, { key: [] }]), head: secured([{ bearer: [] }]) },
  { fires: ['security-scopes-added'], base: secured([{ oauth: ['read'] }]), head: secured([{ oauth: ['read', 'write'] }]) },
  { fires: ['security-scopes-removed'], base: secured([{ oauth: ['read', 'write'] }]), head: secured([{ oauth: ['read'] }]) },
  { fires: ['security-scheme-added'], base: secured(undefined, { securitySchemes: {} }), head: secured(undefined, { securitySchemes: { bearer: schemes.securitySchemes.bearer } }) },
  { fires: ['security-scheme-removed'], base: secured(undefined, { securitySchemes: { bearer: schemes.securitySchemes.bearer } }), head: secured(undefined, { securitySchemes: {} }) },
  {
    fires: ['security-scheme-deprecated'],
    base: secured(undefined, { securitySchemes: { key: schemes.securitySchemes.key } }),
    head: secured(undefined, { securitySchemes: { key: { ...schemes.securitySchemes.key, deprecated: true } } }),
  },
  {
    fires: ['security-scheme-changed'],
    base: secured(undefined, { securitySchemes: { bearer: schemes.securitySchemes.bearer } }),
    head: secured(undefined, { securitySchemes: { bearer: { type: 'http', scheme: 'basic' } } }),
  },
];

/** Every family's cases; `apis` (a version added or removed) needs two trees and is run from fixtures instead. */
/** A GET /items streaming SSE events `events` (a oneOf of `event` constants), ending with `terminal`. */
const streaming = (events: string[], terminal?: string) => {
  const itemSchema = { oneOf: events.map((e) => obj({ event: { const: e }, data: { type: 'string' } }, ['event', 'data'])) };
  const content = { 'text/event-stream': { ...(terminal ? { 'x-terminal-event': terminal } : {}), itemSchema } };
  return api({ '/items': { get: { responses: { '200': { description: 'ok', content } } } } }, {}, { openapi: '3.2.0' });
};
const streams: RuleCase[] = [
  { fires: ['stream-event-added'], base: streaming(['a']), head: streaming(['a', 'b']) },
  { fires: ['stream-event-removed', 'stream-terminal-event-changed'], base: streaming(['a', 'b'], 'b'), head: streaming(['a']) },
];

export const RULE_CASES: Record<string, RuleCase[]> = {
  paths,
  parameters,
  'request-body': requestBody,
  'response-body': responseBody,
  'schema-types': schemaTypes,
  constraints,
  enums,
  composition,
  'media-types': mediaTypes,
  'status-codes': statusCodes,
  headers,
  security,
  streams,
};
