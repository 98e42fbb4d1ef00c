// The one list of rules: id, level, family and message template. Check code names ids only; the words live here.
// Templates fill `{name}` from the finding's parameters; `{target}` names what changed
// (`query parameter \`limit\``, `response property \`items[].name\``, `schema \`Company\``).
import type { Family, Level, Params } from './types.js';

interface Rule {
  id: RuleId;
  level: Level;
  family: Family;
  message: string;
}

const B = 'breaking';
const N = 'non-breaking';
const I = 'info';

// Keyed by id, so a duplicate id is a compile error and `RuleId` lists exactly these.
const TABLE = {
  // apis (trees)
  'api-version-removed': [B, 'apis', 'API `{api}` was removed'],
  'api-version-added': [N, 'apis', 'API `{api}` was added'],

  // paths and operations
  'path-removed': [B, 'paths', 'path `{path}` was removed'],
  'path-removed-deprecated': [I, 'paths', 'deprecated path `{path}` was removed'],
  'operation-removed': [B, 'paths', 'operation {operation} was removed'],
  'operation-removed-deprecated': [I, 'paths', 'deprecated operation {operation} was removed'],
  'operation-removed-before-sunset': [B, 'paths', 'deprecated operation {operation} was removed before its sunset date {sunset}'],
  'operation-added': [N, 'paths', 'operation {operation} was added'],
  'operation-deprecated': [I, 'paths', 'operation {operation} is now deprecated'],
  'operation-id-changed': [N, 'paths', 'operationId changed from `{from}` to `{to}` (regenerated clients rename the method)'],

  // parameters
  'request-parameter-removed': [B, 'parameters', '{target} was removed'],
  'request-parameter-removed-deprecated': [I, 'parameters', 'deprecated {target} was removed'],
  'request-parameter-added-required': [B, 'parameters', 'new required {target}'],
  'request-parameter-added': [N, 'parameters', 'new optional {target}'],
  'request-parameter-moved': [B, 'parameters', 'parameter `{name}` moved from {from} to {to}'],
  'request-parameter-became-required': [B, 'parameters', '{target} is now required'],
  'request-parameter-became-optional': [N, 'parameters', '{target} is now optional'],
  'request-parameter-deprecated': [I, 'parameters', '{target} is now deprecated'],
  'request-parameter-default-changed': [B, 'parameters', 'default of {target} changed from {from} to {to} (clients that omit it get other results)'],
  'request-parameter-style-changed': [B, 'parameters', 'serialization of {target} changed from {from} to {to}'],
  'collection-limit-maximum-decreased': [B, 'parameters', 'maximum of collection {target} lowered from {from} to {to}: larger pages are now rejected'],

  // request body and request properties
  'request-body-removed': [B, 'request-body', 'the request body was removed'],
  'request-body-added-required': [B, 'request-body', 'a required request body was added'],
  'request-body-added': [N, 'request-body', 'an optional request body was added'],
  'request-body-became-required': [B, 'request-body', 'the request body is now required'],
  'request-body-became-optional': [N, 'request-body', 'the request body is now optional'],
  'request-property-removed': [B, 'request-body', '{target} was removed'],
  'request-property-added-required': [B, 'request-body', 'new required {target}'],
  'request-property-added': [N, 'request-body', 'new optional {target}'],
  'request-property-became-required': [B, 'request-body', '{target} is now required'],
  'request-property-became-optional': [N, 'request-body', '{target} is now optional'],
  'request-property-deprecated': [I, 'request-body', '{target} is now deprecated'],
  'request-additional-properties-disallowed': [B, 'request-body', '{target} no longer accepts additional properties'],

  // response properties
  'response-property-removed': [B, 'response-body', '{target} was removed ({required} before)'],
  'response-property-added': [N, 'response-body', 'new {target}'],
  'response-property-became-optional': [B, 'response-body', '{target} is no longer always present'],
  'response-property-became-required': [N, 'response-body', '{target} is now always present'],
  'response-property-deprecated': [I, 'response-body', '{target} is now deprecated'],

  // types, formats, nullability
  'request-type-changed': [B, 'schema-types', 'type of {target} changed from {from} to {to}'],
  'request-type-generalized': [N, 'schema-types', 'type of {target} widened from {from} to {to}'],
  'response-type-changed': [B, 'schema-types', 'type of {target} changed from {from} to {to}'],
  'response-type-narrowed': [N, 'schema-types', 'type of {target} narrowed from {from} to {to}'],
  'request-format-changed': [B, 'schema-types', 'format of {target} changed from {from} to {to}'],
  'request-format-generalized': [N, 'schema-types', 'format of {target} widened from {from} to {to}'],
  'response-format-changed': [B, 'schema-types', 'format of {target} changed from {from} to {to}'],
  'response-format-narrowed': [N, 'schema-types', 'format of {target} narrowed from {from} to {to}'],
  'request-became-nullable': [N, 'schema-types', '{target} now accepts null'],
  'request-became-not-nullable': [B, 'schema-types', '{target} no longer accepts null'],
  'response-became-nullable': [B, 'schema-types', '{target} can now be null'],
  'response-became-not-nullable': [N, 'schema-types', '{target} is no longer null'],
  'request-body-type-compatible': [N, 'media-types', 'type of {target} changed from {from} to {to}, which a loosely typed media type sends the same way'],
  'response-body-type-compatible': [N, 'media-types', 'type of {target} changed from {from} to {to}, which a loosely typed media type sends the same way'],

  // constraints: bounds, lengths, sizes, patterns, defaults
  // request bounds may only relax, response bounds only tighten
  'request-maximum-decreased': [B, 'constraints', 'maximum of {target} lowered from {from} to {to}'],
  'request-maximum-increased': [N, 'constraints', 'maximum of {target} raised from {from} to {to}'],
  'response-maximum-increased': [B, 'constraints', 'maximum of {target} raised from {from} to {to}'],
  'response-maximum-decreased': [N, 'constraints', 'maximum of {target} lowered from {from} to {to}'],
  'request-max-length-decreased': [B, 'constraints', 'maxLength of {target} lowered from {from} to {to}'],
  'request-max-length-increased': [N, 'constraints', 'maxLength of {target} raised from {from} to {to}'],
  'response-max-length-increased': [B, 'constraints', 'maxLength of {target} raised from {from} to {to}'],
  'response-max-length-decreased': [N, 'constraints', 'maxLength of {target} lowered from {from} to {to}'],
  'request-max-items-decreased': [B, 'constraints', 'maxItems of {target} lowered from {from} to {to}'],
  'request-max-items-increased': [N, 'constraints', 'maxItems of {target} raised from {from} to {to}'],
  'response-max-items-increased': [B, 'constraints', 'maxItems of {target} raised from {from} to {to}'],
  'response-max-items-decreased': [N, 'constraints', 'maxItems of {target} lowered from {from} to {to}'],
  'request-max-properties-decreased': [B, 'constraints', 'maxProperties of {target} lowered from {from} to {to}'],
  'request-max-properties-increased': [N, 'constraints', 'maxProperties of {target} raised from {from} to {to}'],
  'response-max-properties-increased': [B, 'constraints', 'maxProperties of {target} raised from {from} to {to}'],
  'response-max-properties-decreased': [N, 'constraints', 'maxProperties of {target} lowered from {from} to {to}'],
  'request-minimum-increased': [B, 'constraints', 'minimum of {target} raised from {from} to {to}'],
  'request-minimum-decreased': [N, 'constraints', 'minimum of {target} lowered from {from} to {to}'],
  'response-minimum-decreased': [B, 'constraints', 'minimum of {target} lowered from {from} to {to}'],
  'response-minimum-increased': [N, 'constraints', 'minimum of {target} raised from {from} to {to}'],
  'request-min-length-increased': [B, 'constraints', 'minLength of {target} raised from {from} to {to}'],
  'request-min-length-decreased': [N, 'constraints', 'minLength of {target} lowered from {from} to {to}'],
  'response-min-length-decreased': [B, 'constraints', 'minLength of {target} lowered from {from} to {to}'],
  'response-min-length-increased': [N, 'constraints', 'minLength of {target} raised from {from} to {to}'],
  'request-min-items-increased': [B, 'constraints', 'minItems of {target} raised from {from} to {to}'],
  'request-min-items-decreased': [N, 'constraints', 'minItems of {target} lowered from {from} to {to}'],
  'response-min-items-decreased': [B, 'constraints', 'minItems of {target} lowered from {from} to {to}'],
  'response-min-items-increased': [N, 'constraints', 'minItems of {target} raised from {from} to {to}'],
  'request-min-properties-increased': [B, 'constraints', 'minProperties of {target} raised from {from} to {to}'],
  'request-min-properties-decreased': [N, 'constraints', 'minProperties of {target} lowered from {from} to {to}'],
  'response-min-properties-decreased': [B, 'constraints', 'minProperties of {target} lowered from {from} to {to}'],
  'response-min-properties-increased': [N, 'constraints', 'minProperties of {target} raised from {from} to {to}'],
  'request-pattern-added': [B, 'constraints', '{target} must now match pattern `{to}`'],
  'request-pattern-changed': [B, 'constraints', 'pattern of {target} changed from `{from}` to `{to}`'],
  'request-pattern-generalized': [N, 'constraints', 'pattern of {target} relaxed from `{from}` to `{to}`'],
  'request-pattern-removed': [N, 'constraints', 'pattern `{from}` of {target} was removed'],
  'response-pattern-changed': [N, 'constraints', 'pattern of {target} changed from `{from}` to `{to}`'],
  'request-unique-items-added': [B, 'constraints', '{target} must now hold unique items'],
  'request-default-changed': [N, 'constraints', 'default of {target} changed from {from} to {to}'],
  'response-default-changed': [N, 'constraints', 'default of {target} changed from {from} to {to}'],

  // enums (the spec: any change to a response enum breaks clients; x-extensible-enum may gain values)
  'request-enum-value-removed': [B, 'enums', '{target} no longer accepts {values}'],
  'request-enum-value-added': [N, 'enums', '{target} now also accepts {values}'],
  'request-became-enum': [B, 'enums', '{target} is now restricted to {values}'],
  'request-enum-removed': [N, 'enums', '{target} is no longer restricted to an enum'],
  'request-extensible-enum-value-removed': [B, 'enums', '{target} no longer accepts extensible-enum {values}'],
  'request-extensible-enum-value-added': [N, 'enums', '{target} now also accepts extensible-enum {values}'],
  'request-const-changed': [B, 'enums', 'the constant of {target} changed from {from} to {to}'],
  'response-enum-value-added': [B, 'enums', '{target} can now return {values} (a response enum changed)'],
  'response-enum-value-removed': [B, 'enums', '{target} no longer returns {values} (a response enum changed)'],
  'response-enum-removed': [B, 'enums', '{target} is no longer restricted to an enum'],
  'response-became-enum': [N, 'enums', '{target} is now restricted to {values}'],
  'response-enum-became-extensible': [B, 'enums', 'the closed enum of {target} became an x-extensible-enum (values may now be added)'],
  'response-extensible-enum-value-added': [N, 'enums', '{target} can now return extensible-enum {values}'],
  'response-extensible-enum-value-removed': [N, 'enums', '{target} no longer lists extensible-enum {values}'],
  'response-const-changed': [B, 'enums', 'the constant of {target} changed from {from} to {to}'],

  // composition
  'request-variant-removed': [B, 'composition', '{target} no longer accepts {kind} variant {variant}'],
  'request-variant-added': [N, 'composition', '{target} now also accepts {kind} variant {variant}'],
  'response-variant-added': [B, 'composition', '{target} can now return {kind} variant {variant}'],
  'response-variant-removed': [N, 'composition', '{target} no longer returns {kind} variant {variant}'],
  'request-wrapped-in-variants': [B, 'composition', '{target} was rewritten as {kind} of {count} variants'],
  'response-wrapped-in-variants': [B, 'composition', '{target} was rewritten as {kind} of {count} variants'],
  'request-all-of-added': [B, 'composition', '{target} must now also satisfy {variant} (allOf)'],
  'request-all-of-removed': [N, 'composition', '{target} no longer has to satisfy {variant} (allOf)'],
  'response-all-of-added': [N, 'composition', '{target} now also satisfies {variant} (allOf)'],
  'response-all-of-removed': [N, 'composition', '{target} no longer includes {variant} (allOf); see its property changes'],

  // media types
  'request-media-type-removed': [B, 'media-types', 'the request body no longer accepts `{mediaType}`'],
  'request-media-type-added': [N, 'media-types', 'the request body now also accepts `{mediaType}`'],
  'response-media-type-removed': [B, 'media-types', 'response {status} no longer offers `{mediaType}`'],
  'response-media-type-added': [N, 'media-types', 'response {status} now also offers `{mediaType}`'],
  'request-media-type-schema-added': [B, 'media-types', 'the request body `{mediaType}` now has a schema'],
  'request-media-type-schema-removed': [N, 'media-types', 'the request body `{mediaType}` no longer has a schema'],
  'response-media-type-schema-added': [N, 'media-types', 'response {status} `{mediaType}` now has a schema'],
  'response-media-type-schema-removed': [B, 'media-types', 'response {status} `{mediaType}` no longer has a schema'],

  // status codes
  'response-success-status-removed': [B, 'status-codes', 'success response {status} was removed'],
  'response-status-removed': [N, 'status-codes', 'response {status} is no longer documented'],
  'response-success-status-added': [N, 'status-codes', 'new success response {status}'],
  'response-status-added': [N, 'status-codes', 'new response {status}'],

  // response headers
  'response-header-removed': [B, 'headers', 'response {status} no longer sends header `{header}`'],
  'response-header-became-optional': [B, 'headers', 'header `{header}` of response {status} is no longer always sent'],
  'response-header-added': [N, 'headers', 'response {status} now sends header `{header}`'],

  // streams
  'stream-event-added': [B, 'streams', 'the stream can now send event {events}: a switch over its events misses it'],
  'stream-event-removed': [N, 'streams', 'the stream no longer sends event {events}: code waiting for it waits in vain'],
  'stream-terminal-event-changed': [I, 'streams', 'the stream\'s terminal event changed from {from} to {to}'],

  // security
  'security-added': [B, 'security', 'the operation now requires authentication ({to})'],
  'security-removed': [N, 'security', 'the operation no longer requires authentication (was {from})'],
  'security-requirement-added': [N, 'security', 'the operation now also accepts {to}'],
  'security-requirement-removed': [B, 'security', 'the operation no longer accepts {from}'],
  'security-scopes-added': [B, 'security', 'scheme `{scheme}` now also requires scope(s) {scopes}'],
  'security-scopes-removed': [N, 'security', 'scheme `{scheme}` no longer requires scope(s) {scopes}'],
  'security-scheme-added': [I, 'security', 'security scheme `{scheme}` was added'],
  'security-scheme-removed': [I, 'security', 'security scheme `{scheme}` was removed'],
  'security-scheme-changed': [B, 'security', 'security scheme `{scheme}` changed its {field} from {from} to {to}'],
  'security-scheme-deprecated': [I, 'security', 'security scheme `{scheme}` is now deprecated'],
} as const satisfies Record<string, readonly [Level, Family, string]>;

/** Every rule id; `emit` takes only these, so a misspelt id fails to compile. */
export type RuleId = keyof typeof TABLE;

export const RULES: ReadonlyMap<RuleId, Rule> = new Map(
  (Object.entries(TABLE) as [RuleId, (typeof TABLE)[RuleId]][]).map(([id, [level, family, message]]) => [id, { id, level, family, message }]),
);

export function ruleOf(id: RuleId): Rule {
  const r = RULES.get(id);
  if (!r) throw new Error(`unknown diff rule id ${id}`);
  return r;
}

/** Fills a rule's message template; an unknown placeholder is kept visible rather than silently dropped. */
export function renderMessage(id: RuleId, params: Params): string {
  return ruleOf(id).message.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
