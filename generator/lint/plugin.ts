// The `docex` Redocly plugin: one rule per convention of the spec (see catalog.ts for what each enforces).
import type { Oas3Rule, Plugin } from '@redocly/openapi-core';
import { BearerSecurity } from './rules/bearer-security.js';
import { CacheControl } from './rules/cache-control.js';
import { CacheControlValue } from './rules/cache-control-value.js';
import { CollectionLimitMaximum } from './rules/collection-limit-maximum.js';
import { CollectionPaging } from './rules/collection-paging.js';
import { CollectionPathPlural } from './rules/collection-path-plural.js';
import { CollectionShape } from './rules/collection-shape.js';
import { ConditionalHeaderMethod } from './rules/conditional-header-method.js';
import { EnumPascalCase } from './rules/enum-pascal-case.js';
import { ErrorBody } from './rules/error-body.js';
import { ErrorStatusKnown } from './rules/error-status-known.js';
import { ErrorStatuses } from './rules/error-statuses.js';
import { ErrorStatusesGeneral } from './rules/error-statuses-general.js';
import { EtagHeader } from './rules/etag-header.js';
import { EtagPairing } from './rules/etag-pairing.js';
import { ExpandOnGet } from './rules/expand-on-get.js';
import { ExpandParam } from './rules/expand-param.js';
import { ExpandTargetId } from './rules/expand-target-id.js';
import { ExtensibleEnumDescribed } from './rules/extensible-enum-described.js';
import { HeaderNameCase } from './rules/header-name-case.js';
import { HttpMethods } from './rules/http-methods.js';
import { IdParamString } from './rules/id-param-string.js';
import { IdString } from './rules/id-string.js';
import { LoginPageParams } from './rules/login-page-params.js';
import { NoEnumForOpenSets } from './rules/no-enum-for-open-sets.js';
import { PasswordGrantDeprecated } from './rules/password-grant-deprecated.js';
import { PathNoTrailingSlash } from './rules/path-no-trailing-slash.js';
import { PathParamCamelCase } from './rules/path-param-camel-case.js';
import { PathSegmentCase } from './rules/path-segment-case.js';
import { PropertyCamelCase } from './rules/property-camel-case.js';
import { QueryParamCamelCase } from './rules/query-param-camel-case.js';
import { ReferenceShape } from './rules/reference-shape.js';
import { ServerHttps } from './rules/server-https.js';
import { SortParam } from './rules/sort-param.js';
import { SortValues } from './rules/sort-values.js';
import { TimestampExampleFormat } from './rules/timestamp-example-format.js';
import { TimestampFormat } from './rules/timestamp-format.js';
import { TokenEndpointBasicAuth } from './rules/token-endpoint-basic-auth.js';
import { TokenGrantParams } from './rules/token-grant-params.js';
import { TokenResponse } from './rules/token-response.js';
import { JsonRepresentation } from './rules/json-representation.js';
import { UniqueCriteria } from './rules/unique-criteria.js';
import { VersionedServer } from './rules/versioned-server.js';
import { ValueSetDeclared } from './rules/value-set-declared.js';
import { ResourcePathShape } from './rules/resource-path-shape.js';
import { ServerHostShape } from './rules/server-host-shape.js';
import { ExtensibleEnumPascalCase } from './rules/extensible-enum-pascal-case.js';
import { CollectionBounded } from './rules/collection-bounded.js';
import { PostCreates } from './rules/post-creates.js';
import { EffectValid } from './rules/effect-valid.js';
import { QueryParamDeclared } from './rules/query-param-declared.js';
import { PrincipalProperty } from './rules/principal-property.js';

export const rules = {
  'property-camel-case': PropertyCamelCase,
  'path-segment-case': PathSegmentCase,
  'path-param-camel-case': PathParamCamelCase,
  'query-param-camel-case': QueryParamCamelCase,
  'collection-path-plural': CollectionPathPlural,
  'id-string': IdString,
  'enum-pascal-case': EnumPascalCase,
  'timestamp-format': TimestampFormat,
  'timestamp-example-format': TimestampExampleFormat,
  'reference-shape': ReferenceShape,
  'collection-shape': CollectionShape,
  'collection-paging': CollectionPaging,
  'collection-limit-maximum': CollectionLimitMaximum,
  'sort-param': SortParam,
  'sort-values': SortValues,
  'expand-param': ExpandParam,
  'expand-on-get': ExpandOnGet,
  'expand-target-id': ExpandTargetId,
  'error-body': ErrorBody,
  'error-statuses': ErrorStatuses,
  'error-statuses-general': ErrorStatusesGeneral,
  'error-status-known': ErrorStatusKnown,
  'cache-control': CacheControl,
  'cache-control-value': CacheControlValue,
  'etag-pairing': EtagPairing,
  'etag-header': EtagHeader,
  'conditional-header-method': ConditionalHeaderMethod,
  'versioned-server': VersionedServer,
  'server-https': ServerHttps,
  'http-methods': HttpMethods,
  'bearer-security': BearerSecurity,
  'no-enum-for-open-sets': NoEnumForOpenSets,
  'extensible-enum-described': ExtensibleEnumDescribed,
  'path-no-trailing-slash': PathNoTrailingSlash,
  'header-name-case': HeaderNameCase,
  'id-param-string': IdParamString,
  'token-endpoint-basic-auth': TokenEndpointBasicAuth,
  'token-grant-params': TokenGrantParams,
  'token-response': TokenResponse,
  'password-grant-deprecated': PasswordGrantDeprecated,
  'login-page-params': LoginPageParams,
  'unique-criteria': UniqueCriteria,
  'json-representation': JsonRepresentation,
  'collection-bounded': CollectionBounded,
  'extensible-enum-pascal-case': ExtensibleEnumPascalCase,
  'server-host-shape': ServerHostShape,
  'resource-path-shape': ResourcePathShape,
  'value-set-declared': ValueSetDeclared,
  'post-creates': PostCreates,
  'effect-valid': EffectValid,
  'query-param-declared': QueryParamDeclared,
  'principal-property': PrincipalProperty,
} satisfies Record<string, Oas3Rule>;

export type DocexRuleId = `docex/${keyof typeof rules}`;

const recommended: Record<string, 'error'> = {};
for (const id of Object.keys(rules)) recommended[`docex/${id}`] = 'error';

export default function docexPlugin() {
  return {
    id: 'docex',
    rules: { oas3: rules },
    configs: { recommended: { rules: recommended } },
  } satisfies Plugin;
}
