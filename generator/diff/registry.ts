// The one list of rules: id, level, family and message template. Check code names ids only; the words live here.
// Templates fill `{name}` from the finding's parameters; `{target}` names what changed
// (`query parameter \`limit\``, `response property \`items[].name\``, `schema \`Company\``).
import type { Family, Level, Params } from './types.js';

export interface Rule {
  id: string;
  level: Level;
  family: Family;
  message: string;
}

const B: Level = 'breaking';
const N: Level = 'non-breaking';
const I: Level = 'info';

const rules: Rule[] = [];
function rule(id: string, level: Level, family: Family, message: string): void {
  rules.push({ id, level, family, message });
}

// apis (trees)
rule('api-version-removed', B, 'apis', 'API `{api}` was removed');
rule('api-version-added', N, 'apis', 'API `{api}` was added');

// paths and operations
rule('path-removed', B, 'paths', 'path `{path}` was removed');
rule('path-removed-deprecated', I, 'paths', 'deprecated path `{path}` was removed');
rule('operation-removed', B, 'paths', 'operation {operation} was removed');
rule('operation-removed-deprecated', I, 'paths', 'deprecated operation {operation} was removed');
rule('operation-removed-before-sunset', B, 'paths', 'deprecated operation {operation} was removed before its sunset date {sunset}');
rule('operation-added', N, 'paths', 'operation {operation} was added');
rule('operation-deprecated', I, 'paths', 'operation {operation} is now deprecated');
rule('operation-id-changed', N, 'paths', 'operationId changed from `{from}` to `{to}` (regenerated clients rename the method)');

// parameters
rule('request-parameter-removed', B, 'parameters', '{target} was removed');
rule('request-parameter-removed-deprecated', I, 'parameters', 'deprecated {target} was removed');
rule('request-parameter-added-required', B, 'parameters', 'new required {target}');
rule('request-parameter-added', N, 'parameters', 'new optional {target}');
rule('request-parameter-moved', B, 'parameters', 'parameter `{name}` moved from {from} to {to}');
rule('request-parameter-became-required', B, 'parameters', '{target} is now required');
rule('request-parameter-became-optional', N, 'parameters', '{target} is now optional');
rule('request-parameter-deprecated', I, 'parameters', '{target} is now deprecated');
rule('request-parameter-default-changed', B, 'parameters', 'default of {target} changed from {from} to {to} (clients that omit it get other results)');
rule('request-parameter-style-changed', B, 'parameters', 'serialization of {target} changed from {from} to {to}');
rule('collection-limit-maximum-decreased', B, 'parameters', 'maximum of collection {target} lowered from {from} to {to}: larger pages are now rejected');

// request body and request properties
rule('request-body-removed', B, 'request-body', 'the request body was removed');
rule('request-body-added-required', B, 'request-body', 'a required request body was added');
rule('request-body-added', N, 'request-body', 'an optional request body was added');
rule('request-body-became-required', B, 'request-body', 'the request body is now required');
rule('request-body-became-optional', N, 'request-body', 'the request body is now optional');
rule('request-property-removed', B, 'request-body', '{target} was removed');
rule('request-property-added-required', B, 'request-body', 'new required {target}');
rule('request-property-added', N, 'request-body', 'new optional {target}');
rule('request-property-became-required', B, 'request-body', '{target} is now required');
rule('request-property-became-optional', N, 'request-body', '{target} is now optional');
rule('request-property-deprecated', I, 'request-body', '{target} is now deprecated');
rule('request-additional-properties-disallowed', B, 'request-body', '{target} no longer accepts additional properties');

// response properties
rule('response-property-removed', B, 'response-body', '{target} was removed ({required} before)');
rule('response-property-added', N, 'response-body', 'new {target}');
rule('response-property-became-optional', B, 'response-body', '{target} is no longer always present');
rule('response-property-became-required', N, 'response-body', '{target} is now always present');
rule('response-property-deprecated', I, 'response-body', '{target} is now deprecated');

// types, formats, nullability
rule('request-type-changed', B, 'schema-types', 'type of {target} changed from {from} to {to}');
rule('request-type-generalized', N, 'schema-types', 'type of {target} widened from {from} to {to}');
rule('response-type-changed', B, 'schema-types', 'type of {target} changed from {from} to {to}');
rule('response-type-narrowed', N, 'schema-types', 'type of {target} narrowed from {from} to {to}');
rule('request-format-changed', B, 'schema-types', 'format of {target} changed from {from} to {to}');
rule('request-format-generalized', N, 'schema-types', 'format of {target} widened from {from} to {to}');
rule('response-format-changed', B, 'schema-types', 'format of {target} changed from {from} to {to}');
rule('response-format-narrowed', N, 'schema-types', 'format of {target} narrowed from {from} to {to}');
rule('request-became-nullable', N, 'schema-types', '{target} now accepts null');
rule('request-became-not-nullable', B, 'schema-types', '{target} no longer accepts null');
rule('response-became-nullable', B, 'schema-types', '{target} can now be null');
rule('response-became-not-nullable', N, 'schema-types', '{target} is no longer null');
rule('request-body-type-compatible', N, 'media-types', 'type of {target} changed from {from} to {to}, which a loosely typed media type sends the same way');
rule('response-body-type-compatible', N, 'media-types', 'type of {target} changed from {from} to {to}, which a loosely typed media type sends the same way');

// constraints: bounds, lengths, sizes, patterns, defaults
const BOUNDS: [string, string][] = [
  ['maximum', 'maximum'],
  ['max-length', 'maxLength'],
  ['max-items', 'maxItems'],
  ['max-properties', 'maxProperties'],
  ['minimum', 'minimum'],
  ['min-length', 'minLength'],
  ['min-items', 'minItems'],
  ['min-properties', 'minProperties'],
];
for (const [slug, keyword] of BOUNDS) {
  const upper = slug.startsWith('max');
  const narrowed = upper ? 'decreased' : 'increased';
  const widened = upper ? 'increased' : 'decreased';
  const [low, high] = upper ? ['lowered', 'raised'] : ['raised', 'lowered'];
  rule(`request-${slug}-${narrowed}`, B, 'constraints', `${keyword} of {target} ${low} from {from} to {to}`);
  rule(`request-${slug}-${widened}`, N, 'constraints', `${keyword} of {target} ${high} from {from} to {to}`);
  rule(`response-${slug}-${widened}`, B, 'constraints', `${keyword} of {target} ${high} from {from} to {to}`);
  rule(`response-${slug}-${narrowed}`, N, 'constraints', `${keyword} of {target} ${low} from {from} to {to}`);
}
rule('request-pattern-added', B, 'constraints', '{target} must now match pattern `{to}`');
rule('request-pattern-changed', B, 'constraints', 'pattern of {target} changed from `{from}` to `{to}`');
rule('request-pattern-generalized', N, 'constraints', 'pattern of {target} relaxed from `{from}` to `{to}`');
rule('request-pattern-removed', N, 'constraints', 'pattern `{from}` of {target} was removed');
rule('response-pattern-changed', N, 'constraints', 'pattern of {target} changed from `{from}` to `{to}`');
rule('request-unique-items-added', B, 'constraints', '{target} must now hold unique items');
rule('request-default-changed', N, 'constraints', 'default of {target} changed from {from} to {to}');
rule('response-default-changed', N, 'constraints', 'default of {target} changed from {from} to {to}');

// enums (the spec: any change to a response enum breaks clients; x-extensible-enum may gain values)
rule('request-enum-value-removed', B, 'enums', '{target} no longer accepts {values}');
rule('request-enum-value-added', N, 'enums', '{target} now also accepts {values}');
rule('request-became-enum', B, 'enums', '{target} is now restricted to {values}');
rule('request-enum-removed', N, 'enums', '{target} is no longer restricted to an enum');
rule('request-extensible-enum-value-removed', B, 'enums', '{target} no longer accepts extensible-enum {values}');
rule('request-extensible-enum-value-added', N, 'enums', '{target} now also accepts extensible-enum {values}');
rule('request-const-changed', B, 'enums', 'the constant of {target} changed from {from} to {to}');
rule('response-enum-value-added', B, 'enums', '{target} can now return {values} (a response enum changed)');
rule('response-enum-value-removed', B, 'enums', '{target} no longer returns {values} (a response enum changed)');
rule('response-enum-removed', B, 'enums', '{target} is no longer restricted to an enum');
rule('response-became-enum', N, 'enums', '{target} is now restricted to {values}');
rule('response-enum-became-extensible', B, 'enums', 'the closed enum of {target} became an x-extensible-enum (values may now be added)');
rule('response-extensible-enum-value-added', N, 'enums', '{target} can now return extensible-enum {values}');
rule('response-extensible-enum-value-removed', N, 'enums', '{target} no longer lists extensible-enum {values}');
rule('response-const-changed', B, 'enums', 'the constant of {target} changed from {from} to {to}');

// composition
rule('request-variant-removed', B, 'composition', '{target} no longer accepts {kind} variant {variant}');
rule('request-variant-added', N, 'composition', '{target} now also accepts {kind} variant {variant}');
rule('response-variant-added', B, 'composition', '{target} can now return {kind} variant {variant}');
rule('response-variant-removed', N, 'composition', '{target} no longer returns {kind} variant {variant}');
rule('request-wrapped-in-variants', B, 'composition', '{target} was rewritten as {kind} of {count} variants');
rule('response-wrapped-in-variants', B, 'composition', '{target} was rewritten as {kind} of {count} variants');
rule('request-all-of-added', B, 'composition', '{target} must now also satisfy {variant} (allOf)');
rule('request-all-of-removed', N, 'composition', '{target} no longer has to satisfy {variant} (allOf)');
rule('response-all-of-added', N, 'composition', '{target} now also satisfies {variant} (allOf)');
rule('response-all-of-removed', N, 'composition', '{target} no longer includes {variant} (allOf); see its property changes');

// media types
rule('request-media-type-removed', B, 'media-types', 'the request body no longer accepts `{mediaType}`');
rule('request-media-type-added', N, 'media-types', 'the request body now also accepts `{mediaType}`');
rule('response-media-type-removed', B, 'media-types', 'response {status} no longer offers `{mediaType}`');
rule('response-media-type-added', N, 'media-types', 'response {status} now also offers `{mediaType}`');
rule('request-media-type-schema-added', B, 'media-types', 'the request body `{mediaType}` now has a schema');
rule('request-media-type-schema-removed', N, 'media-types', 'the request body `{mediaType}` no longer has a schema');
rule('response-media-type-schema-added', N, 'media-types', 'response {status} `{mediaType}` now has a schema');
rule('response-media-type-schema-removed', B, 'media-types', 'response {status} `{mediaType}` no longer has a schema');

// status codes
rule('response-success-status-removed', B, 'status-codes', 'success response {status} was removed');
rule('response-status-removed', N, 'status-codes', 'response {status} is no longer documented');
rule('response-success-status-added', N, 'status-codes', 'new success response {status}');
rule('response-status-added', N, 'status-codes', 'new response {status}');

// response headers
rule('response-header-removed', B, 'headers', 'response {status} no longer sends header `{header}`');
rule('response-header-became-optional', B, 'headers', 'header `{header}` of response {status} is no longer always sent');
rule('response-header-added', N, 'headers', 'response {status} now sends header `{header}`');

// security
rule('security-added', B, 'security', 'the operation now requires authentication ({to})');
rule('security-removed', N, 'security', 'the operation no longer requires authentication (was {from})');
rule('security-requirement-added', N, 'security', 'the operation now also accepts {to}');
rule('security-requirement-removed', B, 'security', 'the operation no longer accepts {from}');
rule('security-scopes-added', B, 'security', 'scheme `{scheme}` now also requires scope(s) {scopes}');
rule('security-scopes-removed', N, 'security', 'scheme `{scheme}` no longer requires scope(s) {scopes}');
rule('security-scheme-added', I, 'security', 'security scheme `{scheme}` was added');
rule('security-scheme-removed', I, 'security', 'security scheme `{scheme}` was removed');
rule('security-scheme-changed', B, 'security', 'security scheme `{scheme}` changed its {field} from {from} to {to}');

export const RULES: ReadonlyMap<string, Rule> = new Map(rules.map((r) => [r.id, r]));

export function ruleOf(id: string): Rule {
  const r = RULES.get(id);
  if (!r) throw new Error(`unknown diff rule id ${id}`);
  return r;
}

/** Fills a rule's message template; an unknown placeholder is kept visible rather than silently dropped. */
export function renderMessage(id: string, params: Params): string {
  return ruleOf(id).message.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
