// The rule list shown in the README and on the docs site: what each rule checks and the sentence
// of the API's conventions spec it enforces, with the spec's section number. test/lint keeps it in sync with plugin.ts.
import { EXT } from '../model/conventions/extensions.js';

export interface LintRuleInfo {
  id: string;
  summary: string;
  spec: string;
}

export const lintRules: readonly LintRuleInfo[] = [
  { id: 'docex/property-camel-case', summary: 'a schema property name that is not camelCase (token service schemas exempt: OAuth 2.0 names them)', spec: '2.1 Property names: "camelCase."' },
  { id: 'docex/path-segment-case', summary: 'a literal path segment that is not spinal-case or lowercase', spec: '2.1 Path spelling: "spinal-case (preferred) or lowercase."' },
  { id: 'docex/path-param-camel-case', summary: 'a path parameter name that is not camelCase', spec: '2.1 Path parameter names in specifications: "camelCase, for example {documentIdentifier}."' },
  { id: 'docex/query-param-camel-case', summary: 'a query parameter name that is not camelCase (the login page is exempt)', spec: '2.1 Query parameter names: "camelCase, for example searchTerm."' },
  { id: 'docex/collection-path-plural', summary: 'a collection GET whose last literal path segment is not plural', spec: '2.1 Collection resource: "Path is plural, for example /documents."' },
  { id: 'docex/id-string', summary: 'an `id` or `<name>Id` property whose type is not string', spec: '2.1 Resource id: "Type string unless there is a strong reason otherwise."' },
  { id: 'docex/enum-pascal-case', summary: 'an enum value that is not a PascalCase string (ALL CAPS, such as `INVOICE`, is not PascalCase)', spec: '2.1 Enums: "Values are PascalCase."' },
  { id: 'docex/timestamp-format', summary: 'a property named like a timestamp or date (…At, …Date, …Time, …Timestamp) without format date-time or date', spec: '2.1 Timestamps: "UTC, ISO 8601. Output format yyyy-mm-ddThh:mm:ss.fffZ. Output dates are yyyy-mm-dd."' },
  { id: 'docex/timestamp-example-format', summary: 'a date-time or date example (in a response or a schema) not in the output format `yyyy-mm-ddThh:mm:ss.fffZ` / `yyyy-mm-dd`', spec: '2.1 Timestamps: "UTC, ISO 8601. Output format yyyy-mm-ddThh:mm:ss.fffZ. Output dates are yyyy-mm-dd."' },
  { id: 'docex/reference-shape', summary: `a reference (marked \`${EXT.expandable}\`, or a reference object extended with \`allOf\`) whose object holds more than \`id\`, or an \`${EXT.expandable}\` naming a schema that does not exist`, spec: '2.2: "A property <name> holding an object with a single property id (string)."' },
  { id: 'docex/collection-shape', summary: 'a collection response that is neither `meta` (CollectionMeta) + `items` nor a plain array', spec: '2.4: "A collection response takes one of two shapes: 1. Object with meta (object) and items (array ...). 2. Plain array of items."' },
  { id: 'docex/collection-paging', summary: 'a `meta`+`items` collection without `offset` and `limit`, or whose `limit` has no `maximum`', spec: '4.5 Pagination: "query parameters offset and limit on collections."; 8: "Collection limit: Always has an upper bound."' },
  { id: 'docex/collection-limit-maximum', summary: 'a `limit` parameter without `maximum` on any other operation (plain-array collections included)', spec: '2.4 limit: "There is always an upper bound, which varies between APIs and resources."' },
  { id: 'docex/sort-param', summary: `a \`sort\` parameter without \`${EXT.sortable}\` of its own (one beside a \`$ref\` is reported as misplaced: OpenAPI 3.0 tools drop it), or whose sortable properties or default are not properties of the collection item`, spec: '4.5 Sorting: "Which properties are sortable and the default sort property are defined per resource."' },
  { id: 'docex/sort-values', summary: 'a `sort` parameter whose enum or pattern rejects a sortable property, ascending or with a leading `-` (descending)', spec: '4.5 Sorting: "Ascending is the default. A leading - gives descending."' },
  { id: 'docex/expand-param', summary: `an \`expand\` parameter where the response has no \`${EXT.expandable}\` reference, or naming a property that is not one`, spec: '2.3: "comma-separated list of property names of referenced resources."' },
  { id: 'docex/expand-on-get', summary: 'an `expand` parameter on an operation other than GET', spec: '2.3: "Query parameter expand on a GET of a resource."' },
  { id: 'docex/expand-target-id', summary: `an \`${EXT.expandable}\` naming a schema without a string \`id\``, spec: '2.3: "each named reference object in the response is replaced by the full representation of the referenced resource, which still carries its id."' },
  { id: 'docex/error-body', summary: 'a 4xx/5xx response whose body is not the error body (a message with a required string `technicalMessage`, or an array of them); the token endpoint is exempt', spec: '7.1: "The body is either one message object or an array of message objects." technicalMessage: required.' },
  { id: 'docex/error-statuses', summary: 'a missing status the spec implies: 401 secured, 404 instance path, 406 any response body, 412 If-Match, 415 request body, 409 POST into a collection, 304 If-None-Match; 403 is not required on secured operations: whether a resource can belong to someone the caller may not see is not in the document\'s structure (declare it where it can)', spec: '7.2 Status codes, each row\'s Condition.' },
  { id: 'docex/error-statuses-general', summary: 'an API operation without 400 and 500 responses', spec: '7.2: 400 "The request is malformed, for example a wrong parameter name"; 500 "Unknown server error."' },
  { id: 'docex/error-status-known', summary: 'a 4xx/5xx status code that is not in the spec\'s status table', spec: '7.2 Status codes (304, 400, 401, 403, 404, 406, 409, 412, 415, 500).' },
  { id: 'docex/cache-control', summary: 'a response without a `Cache-Control` header', spec: 'Caching: "Every response carries caching headers."' },
  { id: 'docex/cache-control-value', summary: `a \`Cache-Control\` header that declares no value, or a value other than \`no-store\`, \`no-cache\` or \`max-age=<seconds>\``, spec: 'Caching: "Never store: Cache-control: no-store; Always revalidate: Cache-Control: no-cache; Cache for N seconds: Cache-Control: max-age=<seconds>."' },
  { id: 'docex/etag-pairing', summary: '`ETag` in a GET response without an `If-None-Match` parameter, or `If-Match` on PUT without 412', spec: 'ETags: GET "If equal to the current one, the response is 304."; PUT "otherwise 412."' },
  { id: 'docex/etag-header', summary: 'an `If-None-Match` operation whose success response has no `ETag`, or an `If-Match` operation whose resource GET has none', spec: 'ETags: "Client sends the stored ETag in If-None-Match" / "Client sends the ETag in If-Match."' },
  { id: 'docex/conditional-header-method', summary: '`If-None-Match` on a method other than GET, or `If-Match` on a GET', spec: 'ETags table: GET with If-None-Match; PUT and POST with If-Match.' },
  { id: 'docex/versioned-server', summary: 'a sub API server URL whose path (literal or through server variables) does not end in `/<subApi>/<version>`', spec: '4.2: "API: {base_url}{sub-API}/{version}/<resource path>"; 9: "URL versioning."' },
  { id: 'docex/server-https', summary: 'an absolute server URL that is not https', spec: '1: "The service is a web API, reached over HTTPS."' },
  { id: 'docex/http-methods', summary: 'a method other than GET, POST, PUT, DELETE', spec: '4.1 HTTP verbs: GET, POST, PUT, DELETE.' },
  { id: 'docex/bearer-security', summary: 'an API operation not secured by an http/bearer scheme, or with an anonymous `{}` alternative (the token service is exempt)', spec: '5.1: "Every API call carries the header Authorization: Bearer <ACCESS_TOKEN>."' },
  { id: 'docex/no-enum-for-open-sets', summary: 'an `enum` whose description says its values may change', spec: '2.1 Enums: "A property whose values may change is not declared as an enum."' },
  { id: 'docex/extensible-enum-described', summary: `an \`${EXT.extensibleEnum}\` (or one beside \`enum\`) whose description does not list its values and say they may change`, spec: '2.1 Enums: "its description lists the values and says they may change."' },
  { id: 'docex/path-no-trailing-slash', summary: 'a path with a trailing slash or an empty segment', spec: 'No sentence of the spec asks it: a house rule, so that one resource has one URL; every path the spec shows (2.1 /documents, /current-user, /documents/<id>/presentation) ends without a slash.' },
  { id: 'docex/header-name-case', summary: 'a header parameter or response header not in Hyphenated-Pascal-Case', spec: 'Header names as the spec mostly writes them (Cache-Control, If-None-Match, If-Match, Content-Type); its Caching table once writes Cache-control, and HTTP header names are case-insensitive, so one spelling is chosen for the documents.' },
  { id: 'docex/id-param-string', summary: 'an `id` or `<name>Id` path or query parameter whose type is not string', spec: '2.1 Resource id: "Type string unless there is a strong reason otherwise."' },
  { id: 'docex/token-endpoint-basic-auth', summary: 'a token endpoint (POST taking `grant_type` in its form or query) not secured by HTTP Basic only, or without 401', spec: '4.3 Required header: "Authorization: HTTP Basic, user = client id, password = client secret."' },
  { id: 'docex/token-grant-params', summary: 'a token endpoint missing a grant or a grant\'s required form fields (query parameters, when it has no form)', spec: '4.3 Parameters by grant: authorization_code (code, redirect_uri), password (username, password), refresh_token (refresh_token).' },
  { id: 'docex/token-response', summary: 'a token response without `access_token`, `token_type`, `expires_in` (integer), `refresh_token`, `scope`', spec: '2.6 Token response resource.' },
  { id: 'docex/password-grant-deprecated', summary: 'a password grant not marked deprecated with the date', spec: '5.4: "The endpoints of this grant are announced as deprecated after 1 June 2025."' },
  { id: 'docex/login-page-params', summary: 'a login page (GET with `response_type`) without required `response_type` (only `code`), `redirect_uri`, `client_id`', spec: '4.4: "Required query parameters: response_type (must be code), redirect_uri, client_id."' },
  { id: 'docex/unique-criteria', summary: 'a create (a POST into a collection, as the resources reader reads roles) answering 409 without `x-unique`, or an `x-unique` that is malformed, not on a POST with 409, or names a property the created resource lacks', spec: '7.2 409: "A resource with the same criteria exists; occurs when creating a duplicate."' },
  { id: 'docex/collection-bounded', summary: 'a collection (GET answering an array or `items`) bounded neither by a `limit` with `maximum` nor by `maxItems` on its array', spec: '2.4 limit: "There is always an upper bound"; 8 Collection limit: "Always has an upper bound that varies by API and resource."' },
  { id: 'docex/extensible-enum-pascal-case', summary: 'an `x-extensible-enum` value that is not a PascalCase string (ALL CAPS is not PascalCase)', spec: '2.1 Enums: "Values are PascalCase." (the known values of a set that may change too)' },
  { id: 'docex/server-host-shape', summary: 'an absolute sub API server URL whose host is not `api.{region}.<service-host>` (the region its own host label)', spec: '4.2: "{base_url} is https://api.{region}.<service-host>/"; "The region is a path-independent part of the host name."' },
  { id: 'docex/resource-path-shape', summary: 'an id path parameter not directly under a plural collection segment, or a GET of a stand-alone resource (neither a collection nor an instance, as the resources reader reads roles) whose last segment is plural', spec: '2.1 Instance resource: "addressed by an id path parameter, for example /documents/<id>"; Stand-alone instance resource: "Path is singular, for example /current-user".' },
  { id: 'docex/value-set-declared', summary: 'a plain string (or array of strings) whose description names a value in code (`Peppol`) but declares no `x-extensible-enum` or `enum`', spec: '2.1 Enums: "A property whose values may change is not declared as an enum; its description lists the values and says they may change."' },
  { id: 'docex/json-representation', summary: 'a request or response body of structured data (an object or array schema) not offered as `application/json` (forms, multipart and the token service exempt)', spec: '2.1 Representation: "JSON, media type application/json. Other media types (for example application/pdf, application/xml, application/png) may be used for some resources."' },
];

/** The rule list as a Markdown table (README `## Lint rules`, docs site). */
export function lintRulesTable(): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const rows = lintRules.map((r) => `| \`${r.id}\` | ${cell(r.summary)} | ${cell(r.spec)} |`);
  return ['| rule | reports | spec sentence it enforces |', '| --- | --- | --- |', ...rows].join('\n') + '\n';
}
