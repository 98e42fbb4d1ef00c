// Every docex lint rule, one module each (generator/lint/rules/<id>.ts exports its id, summary, spec and check).
// The plugin and the docs site's rule list both derive from this one array; its order is the docs page's order.
import type { Oas3Rule } from '@redocly/openapi-core';
import * as propertyCamelCase from './rules/property-camel-case.js';
import * as pathSegmentCase from './rules/path-segment-case.js';
import * as pathParamCamelCase from './rules/path-param-camel-case.js';
import * as queryParamCamelCase from './rules/query-param-camel-case.js';
import * as collectionPathPlural from './rules/collection-path-plural.js';
import * as idString from './rules/id-string.js';
import * as enumPascalCase from './rules/enum-pascal-case.js';
import * as timestampFormat from './rules/timestamp-format.js';
import * as timestampExampleFormat from './rules/timestamp-example-format.js';
import * as referenceShape from './rules/reference-shape.js';
import * as collectionShape from './rules/collection-shape.js';
import * as collectionPaging from './rules/collection-paging.js';
import * as collectionLimitMaximum from './rules/collection-limit-maximum.js';
import * as sortParam from './rules/sort-param.js';
import * as sortValues from './rules/sort-values.js';
import * as expandParam from './rules/expand-param.js';
import * as expandOnGet from './rules/expand-on-get.js';
import * as expandTargetId from './rules/expand-target-id.js';
import * as errorBody from './rules/error-body.js';
import * as errorStatuses from './rules/error-statuses.js';
import * as errorStatusesGeneral from './rules/error-statuses-general.js';
import * as errorStatusKnown from './rules/error-status-known.js';
import * as cacheControl from './rules/cache-control.js';
import * as cacheControlValue from './rules/cache-control-value.js';
import * as etagPairing from './rules/etag-pairing.js';
import * as etagHeader from './rules/etag-header.js';
import * as conditionalHeaderMethod from './rules/conditional-header-method.js';
import * as versionedServer from './rules/versioned-server.js';
import * as serverHttps from './rules/server-https.js';
import * as httpMethods from './rules/http-methods.js';
import * as bearerSecurity from './rules/bearer-security.js';
import * as noEnumForOpenSets from './rules/no-enum-for-open-sets.js';
import * as extensibleEnumDescribed from './rules/extensible-enum-described.js';
import * as pathNoTrailingSlash from './rules/path-no-trailing-slash.js';
import * as headerNameCase from './rules/header-name-case.js';
import * as idParamString from './rules/id-param-string.js';
import * as tokenEndpointBasicAuth from './rules/token-endpoint-basic-auth.js';
import * as tokenGrantParams from './rules/token-grant-params.js';
import * as tokenResponse from './rules/token-response.js';
import * as passwordGrantDeprecated from './rules/password-grant-deprecated.js';
import * as loginPageParams from './rules/login-page-params.js';
import * as uniqueCriteria from './rules/unique-criteria.js';
import * as collectionBounded from './rules/collection-bounded.js';
import * as extensibleEnumPascalCase from './rules/extensible-enum-pascal-case.js';
import * as serverHostShape from './rules/server-host-shape.js';
import * as resourcePathShape from './rules/resource-path-shape.js';
import * as valueSetDeclared from './rules/value-set-declared.js';
import * as jsonRepresentation from './rules/json-representation.js';
import * as postCreates from './rules/post-creates.js';
import * as effectValid from './rules/effect-valid.js';
import * as queryParamDeclared from './rules/query-param-declared.js';
import * as principalProperty from './rules/principal-property.js';
import * as streamItemSchema from './rules/stream-item-schema.js';
import * as streamEventNames from './rules/stream-event-names.js';
import * as streamEnd from './rules/stream-end.js';

/** What a rule file exports: its id (`docex/<id>` in Redocly), what it reports, the spec sentence it enforces, its check. */
interface LintRuleModule {
  readonly id: string;
  readonly summary: string;
  readonly spec: string;
  readonly check: Oas3Rule;
}

export const ruleModules = [
  propertyCamelCase,
  pathSegmentCase,
  pathParamCamelCase,
  queryParamCamelCase,
  collectionPathPlural,
  idString,
  enumPascalCase,
  timestampFormat,
  timestampExampleFormat,
  referenceShape,
  collectionShape,
  collectionPaging,
  collectionLimitMaximum,
  sortParam,
  sortValues,
  expandParam,
  expandOnGet,
  expandTargetId,
  errorBody,
  errorStatuses,
  errorStatusesGeneral,
  errorStatusKnown,
  cacheControl,
  cacheControlValue,
  etagPairing,
  etagHeader,
  conditionalHeaderMethod,
  versionedServer,
  serverHttps,
  httpMethods,
  bearerSecurity,
  noEnumForOpenSets,
  extensibleEnumDescribed,
  pathNoTrailingSlash,
  headerNameCase,
  idParamString,
  tokenEndpointBasicAuth,
  tokenGrantParams,
  tokenResponse,
  passwordGrantDeprecated,
  loginPageParams,
  uniqueCriteria,
  collectionBounded,
  extensibleEnumPascalCase,
  serverHostShape,
  resourcePathShape,
  valueSetDeclared,
  jsonRepresentation,
  postCreates,
  effectValid,
  queryParamDeclared,
  principalProperty,
  streamItemSchema,
  streamEventNames,
  streamEnd,
] as const satisfies readonly LintRuleModule[];

export type DocexRuleName = (typeof ruleModules)[number]['id'];
