// The traceability catalog: every normative statement of the API's conventions, numbered, and for each
// the part of docex that encodes, checks, handles, serves and proves it. The docs site's traceability page is
// generated from it; test/trace checks that every reference exists and that the page shows it whole.
//
// A reference is one of:
//   openapi/<file>#<JSON pointer>        a component or operation of a document
//   docex/<rule>                         a lint rule of the plugin (its fixtures are its test)
//   diff/<rule>                          a rule of the breaking-change checker
//   <file>.ts#<name>                     a declaration in runtime, token-client, sandbox or generator code
//   test/<file> > <title>                a test, by (part of) its title
//   test/<folder>                        a folder of fixtures run by a table test (lint rules)
// A cell that does not apply is { na: reason }; one not yet honoured is { gap: what is missing }.

export type Cell = readonly string[] | { readonly na: string } | { readonly gap: string };

export interface Statement {
  readonly id: string;
  /** Section(s) of the conventions document, e.g. "2.1" or "4.3, 5.2". */
  readonly section: string;
  /** The statement, shortened; the conventions document has the exact words. */
  readonly text: string;
  /** The document component or operation that encodes it. */
  readonly doc: Cell;
  /** The lint (or diff) rule that checks it. */
  readonly lint: Cell;
  /** The runtime or token-client code that handles it. */
  readonly runtime: Cell;
  /** The sandbox code that serves it. */
  readonly sandbox: Cell;
  /** The test that proves it. */
  readonly test: Cell;
}

const DOC = 'openapi/document/v1/openapi.yaml';
const FILE1 = 'openapi/file/v1/openapi.yaml';
const FILE2 = 'openapi/file/v2/openapi.yaml';
const NET = 'openapi/network/v1/openapi.yaml';
const TOKEN = 'openapi/token/openapi.yaml';
const SHARED = 'openapi/shared';
const RT = 'templates/runtime';
const TK = 'templates/token';
const SB = 'generator/sandbox';

const naSandboxIsLoopback = { na: 'the sandbox serves plain HTTP on 127.0.0.1 only, for local tests' };
const naNames = { na: 'a naming rule of the documents; code passes names through unchanged' };

export const statements: readonly Statement[] = [
  {
    id: 'S01', section: 'intro, 4.2', text: '{base_url} has the form https://api.{region}.<service-host>/.',
    doc: [`${DOC}#/servers/0`, `${NET}#/servers/0`],
    lint: ['docex/server-host-shape', 'docex/versioned-server'],
    runtime: [`${RT}/core.ts#checkBaseUrl`],
    sandbox: naSandboxIsLoopback,
    test: ['test/runtime/auth.test.ts > accepts https anywhere and http to 127.0.0.1, localhost and [::1]', 'test/lint/fixtures/server-host-shape'],
  },
  {
    id: 'S02', section: '1', text: 'The service is a web API reached over HTTPS.',
    doc: [`${DOC}#/servers/0`, `${TOKEN}#/servers/0`],
    lint: ['docex/server-https'],
    runtime: [`${RT}/core.ts#checkBaseUrl`, `${TK}/url.ts#checkServiceUrl`],
    sandbox: naSandboxIsLoopback,
    test: ['test/runtime/auth.test.ts > refuses a plain http baseUrl to any host but loopback', 'test/token/client-safety.test.ts > refuses http: except for loopback hosts'],
  },
  {
    id: 'S03', section: '1, 4.2, 9', text: 'The API is split into sub APIs; the name and then an independent version segment follow the base address: {base_url}{sub-API}/{version}/<resource path>.',
    doc: [`${DOC}#/servers`, `${FILE1}#/servers`, `${FILE2}#/servers`, `${NET}#/servers`],
    lint: ['docex/versioned-server'],
    runtime: [`${RT}/api.ts#createApi`],
    sandbox: [`${SB}/handlers/routes.ts#registerSubApis`],
    test: ['test/openapi/conventions.test.ts > has the token service and at least three independently versioned sub APIs', 'test/generator/sandbox-e2e.test.ts > makes path-based calls through the raw openapi-fetch client'],
  },
  {
    id: 'S04', section: '1, 2.6', text: 'A separate token service issues OAuth 2.0 access tokens and refresh tokens.',
    doc: [`${TOKEN}#/paths/~1oauth2~1token`],
    lint: ['docex/token-response'],
    runtime: [`${TK}/client.ts#createTokenClient`],
    sandbox: [`${SB}/token/service.ts#registerTokenService`],
    test: ['test/token/token-service.test.ts > returns the token response of spec 2.6 with Cache-Control: no-store'],
  },
  {
    id: 'S05', section: '1, 5.3, 5.4', text: 'Two grants: authorization code (on behalf of users) and resource owner password credentials.',
    doc: [`${TOKEN}#/paths/~1oauth2~1token/post/requestBody`],
    lint: ['docex/token-grant-params'],
    runtime: [`${TK}/sign-in.ts#authorizationUrl`, `${TK}/sign-in.ts#exchangeCode`, `${TK}/sign-in.ts#signInWithPassword`],
    sandbox: [`${SB}/token/service.ts#registerTokenService`],
    test: ['test/sandbox/tokens.test.ts > password grant: a token the sub APIs accept', 'test/sandbox/tokens.test.ts > authorization code grant: login form, redirect with code and state'],
  },
  {
    id: 'S06', section: '2.1', text: 'Representation is JSON (application/json); other media types may be used for some resources.',
    doc: [`${DOC}#/paths/~1documents~1{documentId}~1presentation/get/responses/200/content`],
    lint: ['docex/json-representation'],
    runtime: [`${RT}/response.ts#decode`],
    sandbox: [`${SB}/negotiate.ts#negotiate`, `${SB}/media.ts#render`],
    test: ['test/runtime/response.test.ts > JSON and +json -> parsed value', 'test/sandbox/media-and-errors.test.ts > serves a valid PDF by default', 'test/lint/fixtures/json-representation'],
  },
  {
    id: 'S07', section: '2.1', text: 'Property names are camelCase.',
    doc: [`${SHARED}/schemas.yaml#/Message`],
    lint: ['docex/property-camel-case'],
    runtime: naNames, sandbox: naNames,
    test: ['test/lint/fixtures/property-camel-case'],
  },
  {
    id: 'S08', section: '2.1', text: 'A collection resource has a plural path, e.g. /documents.',
    doc: [`${DOC}#/paths/~1documents`],
    lint: ['docex/collection-path-plural'],
    runtime: naNames, sandbox: naNames,
    test: ['test/lint/fixtures/collection-path-plural'],
  },
  {
    id: 'S09', section: '2.1', text: 'An instance resource is usually an item of a collection, addressed by an id path parameter: /documents/<id>.',
    doc: [`${DOC}#/paths/~1documents~1{documentId}`],
    lint: ['docex/resource-path-shape'],
    runtime: [`${RT}/request.ts#buildPath`],
    sandbox: [`${SB}/handlers/instance.ts#read`, 'generator/model/conventions/resources.ts#readResources'],
    test: ['test/sandbox/instances.test.ts > GET by id carries a strong ETag', 'test/model/conventions/resources.test.ts > <collection>/{id}: an instance'],
  },
  {
    id: 'S10', section: '2.1', text: 'A stand-alone instance resource has a singular path (/current-user) or is a sub-resource (/documents/<id>/presentation).',
    doc: [`${NET}#/paths/~1current-user`, `${DOC}#/paths/~1documents~1{documentId}~1presentation`],
    lint: ['docex/resource-path-shape'],
    runtime: [`${RT}/request.ts#buildPath`],
    sandbox: [`${SB}/handlers/single.ts#readSingle`, 'generator/model/conventions/resources.ts#readResources'],
    test: ['test/sandbox/instances.test.ts > serves the stand-alone resource for the signed-in user', 'test/model/conventions/resources.test.ts > no path parameter and no other role: stand-alone'],
  },
  {
    id: 'S11', section: '2.1', text: 'Paths are spelt spinal-case (preferred) or lowercase.',
    doc: [`${NET}#/paths/~1trading-partners`],
    lint: ['docex/path-segment-case'],
    runtime: naNames, sandbox: naNames,
    test: ['test/lint/fixtures/path-segment-case'],
  },
  {
    id: 'S12', section: '2.1', text: 'Path parameter names are camelCase, e.g. {documentIdentifier}.',
    doc: [`${DOC}#/paths/~1documents~1{documentId}`],
    lint: ['docex/path-param-camel-case'],
    runtime: naNames, sandbox: naNames,
    test: ['test/lint/fixtures/path-param-camel-case'],
  },
  {
    id: 'S13', section: '2.1', text: 'Query parameter names are camelCase, e.g. searchTerm.',
    doc: [`${SHARED}/parameters.yaml#/SearchTerm`],
    lint: ['docex/query-param-camel-case'],
    runtime: naNames,
    sandbox: [`${SB}/request.ts#parseQuery`],
    test: ['test/lint/fixtures/query-param-camel-case', 'test/sandbox/media-and-errors.test.ts > 400 for an unknown query parameter name, suggesting the right one'],
  },
  {
    id: 'S14', section: '2.1', text: 'A resource id is a string; clients treat it as opaque.',
    doc: [`${SHARED}/schemas.yaml#/Id`],
    lint: ['docex/id-string', 'docex/id-param-string'],
    runtime: [`${RT}/request.ts#buildPath`],
    sandbox: [`${SB}/state.ts#idProp`],
    test: ['test/runtime/request.test.ts > encodes path params and serialises query arrays by explode', 'test/lint/fixtures/id-string'],
  },
  {
    id: 'S15', section: '2.1', text: 'A resource may have different representations for different operations (GET differs from PUT).',
    doc: [`${DOC}#/paths/~1documents~1{documentId}/put/requestBody`],
    lint: { na: 'a permission, not an obligation: nothing to check' },
    runtime: [`${RT}/types.ts#MethodArgs`],
    sandbox: [`${SB}/handlers/instance.ts#mergeReplacement`],
    test: ['test/sandbox/instances.test.ts > PUT with the current ETag replaces'],
  },
  {
    id: 'S16', section: '2.1', text: 'Timestamps are UTC, output as yyyy-mm-ddThh:mm:ss.fffZ; dates as yyyy-mm-dd.',
    doc: [`${SHARED}/schemas.yaml#/Timestamp`, `${SHARED}/schemas.yaml#/Date`],
    lint: ['docex/timestamp-format', 'docex/timestamp-example-format'],
    runtime: { na: 'the client passes timestamps through as strings, as the documents type them' },
    sandbox: [`${SB}/handlers/writes.ts#stampServerTimes`, `${SB}/body-plan.ts#bodyPlan`],
    test: ['test/lint/fixtures/timestamp-format', 'test/sandbox/instances.test.ts > POST creates into the collection (201, server id and timestamps)', 'test/sandbox/body-contract.test.ts > server-owned properties are ignored, never stored: the server keeps its id, timestamps and state', 'test/reliability/fuzz.test.ts > answers every generated request as its document says'],
  },
  {
    id: 'S17', section: '2.1', text: 'Any input timestamp or date that follows ISO 8601 is accepted.',
    doc: [`${SHARED}/schemas.yaml#/Timestamp/description`],
    lint: { na: 'input leniency is behaviour of the service, not a property of the documents' },
    runtime: { na: 'the client sends what the caller gives' },
    sandbox: [`${SB}/iso8601.ts#parseInstant`, `${SB}/iso8601.ts#parseDate`, `${SB}/input-times.ts#normaliseOne`, `${SB}/body-plan.ts#applyPlan`],
    test: ['test/sandbox/iso8601.test.ts > one instant written many ways filters to one total', 'test/sandbox/iso8601.test.ts > body dates in any form are stored and returned in the output form'],
  },
  {
    id: 'S18', section: '2.1', text: 'Enums are for value sets not expected to change; their values are PascalCase.',
    doc: [`${DOC}#/components/schemas/DocumentType`],
    lint: ['docex/enum-pascal-case'],
    runtime: { na: 'a closed union type in the generated client' },
    sandbox: [`${SB}/generate-data.ts#generateValue`],
    test: ['test/generator/document-client.test-d.ts > types a closed enum as a closed union', 'test/lint/fixtures/enum-pascal-case'],
  },
  {
    id: 'S19', section: '2.1', text: 'A value set that may change is not an enum; its description lists the values and says they may change.',
    doc: [`${DOC}#/components/schemas/DocumentStatus`],
    lint: ['docex/no-enum-for-open-sets', 'docex/extensible-enum-described'],
    runtime: [`${RT}/types.ts#ExtensibleEnum`],
    sandbox: [`${SB}/generate-data.ts#generateValue`],
    test: ['test/generator/document-client.test-d.ts > types x-extensible-enum as the known values plus any string', 'test/lint/fixtures/extensible-enum-described'],
  },
  {
    id: 'S20', section: '2.1, 9', text: 'Changing an enum in a response is a breaking change.',
    doc: { na: 'a rule about changes between document versions' },
    lint: ['diff/response-enum-value-added', 'diff/response-enum-value-removed', 'diff/response-const-changed'],
    runtime: { na: 'checked before release by docex diff' },
    sandbox: { na: 'checked before release by docex diff' },
    test: ['test/diff/conformance.test.ts > agrees on the breaking verdict'],
  },
  {
    id: 'S21', section: '2.2', text: 'A reference is a <name>Id string or a <name> object holding only id (string).',
    doc: [`${SHARED}/schemas.yaml#/Reference`],
    lint: ['docex/reference-shape'],
    runtime: { na: 'references are typed by the documents' },
    sandbox: [`${SB}/handlers/writes.ts#checkReferences`],
    test: ['test/lint/fixtures/reference-shape', 'test/sandbox/collections.test.ts > filters by equality (an enum, and a reference id as x-filter declares it)'],
  },
  {
    id: 'S22', section: '2.3', text: 'expand on a GET names reference properties, comma-separated; each is replaced by the full resource, which keeps its id.',
    doc: [`${SHARED}/parameters.yaml#/Expand`],
    lint: ['docex/expand-param', 'docex/expand-on-get', 'docex/expand-target-id'],
    runtime: [`${RT}/types.ts#Expanded`],
    sandbox: [`${SB}/handlers/representation.ts#expandItem`],
    test: ['test/generator/sandbox-e2e.test.ts > expands references and pages through the whole collection', 'test/sandbox/collections.test.ts > rejects expanding an unknown property with 400'],
  },
  {
    id: 'S23', section: '2.4', text: 'A collection response is an object with meta and items, or a plain array when it carries no metadata.',
    doc: [`${SHARED}/schemas.yaml#/CollectionMeta`],
    lint: ['docex/collection-shape'],
    runtime: [`${RT}/types.ts#CollectionPage`],
    sandbox: [`${SB}/handlers/collection.ts#list`],
    test: ['test/runtime/pagination.test.ts > yields the meta+items pages', 'test/sandbox/collections.test.ts > filters a plain-array collection'],
  },
  {
    id: 'S24', section: '2.4, 4.5', text: 'meta holds integer offset, limit and total; collections take offset and limit query parameters.',
    doc: [`${SHARED}/schemas.yaml#/CollectionMeta`, `${SHARED}/parameters.yaml#/Offset`],
    lint: ['docex/collection-paging'],
    runtime: [`${RT}/types.ts#PageMeta`, `${RT}/types.ts#PaginatedMethod`],
    sandbox: [`${SB}/handlers/collection.ts#list`],
    test: ['test/sandbox/collections.test.ts > pages through the whole large collection', 'test/runtime/pagination.test.ts > iterates a 10,000-item collection in pages of limitMax'],
  },
  {
    id: 'S25', section: '2.4, 8', text: 'limit always has an upper bound, which varies by API and resource.',
    doc: [`${SHARED}/parameters.yaml#/LimitMax100/schema/maximum`, `${SHARED}/parameters.yaml#/LimitMax500/schema/maximum`],
    lint: ['docex/collection-limit-maximum', 'docex/collection-paging'],
    runtime: [`${RT}/types.ts#PaginatedMethod`],
    sandbox: [`${SB}/handlers/collection.ts#list`],
    test: ['test/sandbox/collections.test.ts > uses the limit default the document declares, and rejects a limit above its maximum', 'test/runtime/pagination.test.ts > clamps a requested limit to limitMax'],
  },
  {
    id: 'S26', section: '2.4, 8', text: 'Every collection is bounded, plain arrays included.',
    doc: [`${DOC}#/paths/~1documents~1{documentId}~1events/get/responses/200/content/application~1json/schema/maxItems`],
    lint: ['docex/collection-bounded'],
    runtime: { na: 'a bound is a property of the documents' },
    sandbox: [`${SB}/handlers/collection.ts#list`, 'generator/model/conventions/collection.ts#readCollection'],
    test: ['test/lint/fixtures/collection-bounded'],
  },
  {
    id: 'S27', section: '2.5', text: 'Common resource names: user, company, companygroup, document, serviceprovider, tradingpartner.',
    doc: [`${NET}#/components/schemas/TradingPartner`, `${NET}#/components/schemas/ServiceProvider`, `${NET}#/components/schemas/CompanyGroup`, `${DOC}#/components/schemas/Document`],
    lint: { na: 'vocabulary: any name is spellable; reviewers check the meaning' },
    runtime: naNames, sandbox: naNames,
    test: ['test/openapi/conventions.test.ts > has the operations of the design with their methods and paths'],
  },
  {
    id: 'S28', section: '2.6, 8', text: 'The token response has scope, access_token, token_type, expires_in (seconds) and refresh_token; the access token lives expires_in seconds.',
    doc: [`${TOKEN}#/components/schemas/TokenResponse`],
    lint: ['docex/token-response'],
    runtime: [`${TK}/store.ts#isStoredTokens`, `${TK}/session.ts#refreshMarginMs`],
    sandbox: [`${SB}/token/state.ts#TokenState`],
    test: ['test/token/client-refresh.test.ts > is 10% of expires_in, between 1 and 60 seconds', 'test/token/token-service.test.ts > returns the token response of spec 2.6'],
  },
  {
    id: 'S29', section: '4.1', text: 'The verbs are GET, POST, PUT and DELETE.',
    doc: [`${DOC}#/paths/~1documents~1{documentId}`],
    lint: ['docex/http-methods'],
    runtime: [`${RT}/types.ts#HttpMethod`],
    sandbox: [`${SB}/handlers/routes.ts#registerSubApis`],
    test: ['test/sandbox/media-and-errors.test.ts > 404 with the error body for unknown paths and methods', 'test/lint/fixtures/http-methods'],
  },
  {
    id: 'S30', section: '4.1', text: 'POST creates new resources; PUT updates or replaces them.',
    doc: [`${DOC}#/paths/~1documents/post/responses/201`, `${DOC}#/paths/~1document-fetches/post/x-effect`, `${FILE1}#/paths/~1file-parts~1{filePartId}~1actions/post/x-effect`, `${FILE2}#/paths/~1file-parts~1{filePartId}~1actions/post/x-effect`],
    lint: ['docex/post-creates', 'docex/effect-valid'],
    runtime: [`${RT}/request.ts#isIdempotent`],
    sandbox: [`${SB}/handlers/collection.ts#create`, `${SB}/handlers/effect.ts#applyEffect`, `${SB}/handlers/instance.ts#replace`],
    test: [
      'test/sandbox/instances.test.ts > POST creates into the collection',
      'test/sandbox/real-documents.test.ts > a fetch receipt marks its documents',
      'test/sandbox/real-documents.test.ts > Restart on an AwaitingInteraction part answers 201 with status Processing',
      'test/model/conventions/effect.test.ts > items named by a request property get a value',
      'test/lint/fixtures/post-creates',
      'test/lint/fixtures/effect-valid',
      'test/runtime/retry.test.ts > never retries a POST',
    ],
  },
  {
    id: 'S31', section: '4.2', text: 'The region is a path-independent part of the host name.',
    doc: [`${DOC}#/servers/0/variables/region`],
    lint: ['docex/server-host-shape'],
    runtime: [`${RT}/core.ts#checkBaseUrl`],
    sandbox: naSandboxIsLoopback,
    test: ['test/lint/fixtures/server-host-shape'],
  },
  {
    id: 'S32', section: '4.3', text: 'The token endpoint is POST {auth_url}/oauth2/token and answers the JSON token response.',
    doc: [`${TOKEN}#/paths/~1oauth2~1token/post`],
    lint: ['docex/token-response'],
    runtime: [`${TK}/client.ts#createTokenClient`],
    sandbox: [`${SB}/token/service.ts#registerTokenService`],
    test: ['test/token/client-safety.test.ts > builds endpoints under an authUrl with a path'],
  },
  {
    id: 'S33', section: '4.3', text: 'Token parameters are sent as form or query parameters (the examples use form data).',
    doc: [`${TOKEN}#/paths/~1oauth2~1token/post/parameters`, `${TOKEN}#/paths/~1oauth2~1token/post/requestBody`],
    lint: ['docex/token-grant-params'],
    runtime: [`${TK}/sign-in.ts#signInWithPassword`],
    sandbox: [`${SB}/token/service.ts#registerTokenService`],
    test: ['test/token/token-service.test.ts > takes the parameters as query parameters too'],
  },
  {
    id: 'S34', section: '4.3, 5.2', text: 'Every token request carries HTTP Basic with client id and client secret.',
    doc: [`${SHARED}/security.yaml#/ClientBasic`],
    lint: ['docex/token-endpoint-basic-auth'],
    runtime: [`${TK}/basic-auth.ts#basicAuthorization`],
    sandbox: [`${SB}/token/service.ts#registerTokenService`],
    test: ['test/token/token-service.test.ts > answers 401 invalid_client with WWW-Authenticate without Basic', 'test/token/client-grants.test.ts > sends HTTP Basic raw by default'],
  },
  {
    id: 'S35', section: '4.3', text: 'Required parameters by grant: authorization_code (code, redirect_uri), password (username, password), refresh_token (refresh_token).',
    doc: [`${TOKEN}#/paths/~1oauth2~1token/post/requestBody`],
    lint: ['docex/token-grant-params'],
    runtime: [`${TK}/sign-in.ts#exchangeCode`, `${TK}/sign-in.ts#signInWithPassword`],
    sandbox: [`${SB}/token/service.ts#registerTokenService`],
    test: ['test/token/token-service.test.ts > rejects wrong credentials with invalid_grant and missing ones with invalid_request'],
  },
  {
    id: 'S36', section: '4.3', text: 'The code exchange sends the redirect_uri identical to the one of the login redirect.',
    doc: [`${TOKEN}#/paths/~1oauth2~1token/post/requestBody`],
    lint: ['docex/token-grant-params'],
    runtime: [`${TK}/sign-in.ts#exchangeCode`],
    sandbox: [`${SB}/token/state.ts#TokenState`],
    test: ['test/token/client-grants.test.ts > fails with invalid_grant when the redirect_uri differs from the login one', 'test/token/token-service.test.ts > issues a single-use, short-lived code bound to the identical redirect_uri'],
  },
  {
    id: 'S37', section: '4.4', text: 'The login page is a GET (browser redirect) with required response_type=code, redirect_uri and client_id.',
    doc: [`${TOKEN}#/paths/~1oauth2~1authorize/get`],
    lint: ['docex/login-page-params'],
    runtime: [`${TK}/sign-in.ts#authorizationUrl`],
    sandbox: [`${SB}/token/login-page.ts#loginPage`],
    test: ['test/token/token-service.test.ts > serves an escaped HTML form carrying the request in hidden fields', 'test/token/client-grants.test.ts > builds the login URL with a random state'],
  },
  {
    id: 'S38', section: '4.4', text: 'redirect_uri must be the one agreed at client registration.',
    doc: [`${TOKEN}#/paths/~1oauth2~1authorize/get`],
    lint: { na: 'registration is configuration of the service, not of the documents' },
    runtime: [`${TK}/sign-in.ts#authorizationUrl`],
    sandbox: [`${SB}/token/service.ts#registerTokenService`],
    test: ['test/token/token-service.test.ts > matches redirect_uri exactly (spec 4.4)', 'test/sandbox/cli.test.ts > registers each --redirect-uri for the login page'],
  },
  {
    id: 'S39', section: '4.4, 5.3', text: 'After login the user is redirected to redirect_uri with the authorization code in query parameter code.',
    doc: [`${TOKEN}#/paths/~1oauth2~1authorize/post`],
    lint: { na: 'the redirect is described in prose: OpenAPI cannot type a browser redirect' },
    runtime: [`${TK}/sign-in.ts#exchangeCallback`],
    sandbox: [`${SB}/token/service.ts#registerTokenService`],
    test: ['test/token/client-grants.test.ts > exchangeCallback reads code and state from the redirect URL'],
  },
  {
    id: 'S40', section: '4.5', text: 'sort names a property; ascending by default, a leading - gives descending.',
    doc: [`${SHARED}/parameters.yaml#/Sort`],
    lint: ['docex/sort-values'],
    runtime: [`${RT}/types.ts#SortParam`],
    sandbox: [`${SB}/collection-query.ts#parseSort`],
    test: ['test/sandbox/collections.test.ts > sorts ascending by default (x-sortable default) and descending with -', 'test/runtime/types.test-d.ts > accepts the properties with an optional leading -'],
  },
  {
    id: 'S41', section: '4.5', text: 'Which properties are sortable, and the default sort property, are defined per resource.',
    doc: [`${SHARED}/parameters.yaml#/Sort/x-sortable`],
    lint: ['docex/sort-param'],
    runtime: [`${RT}/types.ts#SortParam`],
    sandbox: [`${SB}/sorted.ts#SortedIndex`],
    test: ['test/sandbox/collections.test.ts > rejects sorting by a property that is not x-sortable'],
  },
  {
    id: 'S42', section: '4.5', text: 'Accept holds the wanted media type or a list in priority order; the first the server supports is used; the response carries Content-Type.',
    doc: [`${DOC}#/paths/~1documents~1{documentId}~1presentation/get/responses/200/content`],
    lint: ['docex/error-statuses'],
    runtime: [`${RT}/types.ts#ResultFor`],
    sandbox: [`${SB}/negotiate.ts#negotiate`],
    test: ['test/sandbox/media-and-errors.test.ts > follows Accept priority', 'test/runtime/request.test.ts > sends header params, client and call headers, Accept in priority order'],
  },
  {
    id: 'S43', section: '5.1', text: 'Every API call carries Authorization: Bearer <ACCESS_TOKEN>.',
    doc: [`${SHARED}/security.yaml#/BearerAuth`],
    lint: ['docex/bearer-security'],
    runtime: [`${RT}/auth.ts#TokenSource`],
    sandbox: [`${SB}/handlers/routes.ts#registerSubApis`],
    test: ['test/runtime/auth.test.ts > sends the token of getAccessToken on each request'],
  },
  {
    id: 'S44', section: '5.1, 7.2', text: 'A missing or wrong credential yields 401.',
    doc: [`${SHARED}/responses.yaml#/Unauthorized`],
    lint: ['docex/error-statuses'],
    runtime: [`${RT}/errors.ts#UnauthorizedError`],
    sandbox: [`${SB}/handlers/routes.ts#registerSubApis`],
    test: ['test/sandbox/media-and-errors.test.ts > 401 without a bearer token, or with a wrong one', 'test/runtime/auth.test.ts > a second 401 throws UnauthorizedError'],
  },
  {
    id: 'S45', section: '5.2', text: 'Client id, client secret, usernames and passwords are kept in secret management, never in code, configuration or version control.',
    doc: [`${TOKEN}#/info/description`],
    lint: { na: 'documents hold no secrets' },
    runtime: [`${TK}/env.ts#readDocexEnv`],
    sandbox: [`${SB}/index.ts#DEFAULT_CREDENTIALS`],
    test: ['test/token/client-safety.test.ts > reads DOCEX_CLIENT_ID, DOCEX_CLIENT_SECRET, DOCEX_USERNAME and DOCEX_PASSWORD', 'test/token/client-safety.test.ts > shows no secret in String(), JSON.stringify() or util.inspect() of a signed-in client'],
  },
  {
    id: 'S46', section: '5.3', text: 'Authorization code flow: login page, code to redirect_uri, code exchanged for access and refresh tokens, API called, refresh on expiry.',
    doc: [`${TOKEN}#/paths/~1oauth2~1authorize`],
    lint: ['docex/token-grant-params'],
    runtime: [`${TK}/session.ts#createTokenSession`],
    sandbox: [`${SB}/token/service.ts#registerTokenService`],
    test: ['test/token/session.test.ts > signs in with the code grant through the functions, refreshes, and signs out with revocation'],
  },
  {
    id: 'S47', section: '5.3, 8', text: 'Refresh tokens of the authorization code grant expire after 1 year.',
    doc: [`${TOKEN}#/paths/~1oauth2~1token/post/requestBody`],
    lint: { na: 'a lifetime is service behaviour; the token document states it in prose' },
    runtime: [`${TK}/session.ts#createTokenSession`],
    sandbox: [`${SB}/token/state.ts#CODE_GRANT_REFRESH_TTL_MS`],
    test: ['test/token/client-refresh.test.ts > refreshing does not extend a code-grant refresh token: it still expires one year after sign-in'],
  },
  {
    id: 'S48', section: '5.4, 8', text: 'The password grant refresh token does not expire and must be kept safe by the client.',
    doc: [`${TOKEN}#/paths/~1oauth2~1token/post/requestBody`],
    lint: { na: 'a lifetime is service behaviour; the token document states it in prose' },
    runtime: [`${TK}/node.ts#FileTokenStore`],
    sandbox: [`${SB}/token/state.ts#TokenState`],
    test: ['test/token/token-service.test.ts > password-grant refresh tokens never expire', 'test/token/file-store.test.ts > writes mode 0600 into a 0700 directory it creates'],
  },
  {
    id: 'S49', section: '5.4, 9', text: 'The password grant endpoints are deprecated after 1 June 2025; migration is recommended.',
    doc: [`${TOKEN}#/paths/~1oauth2~1token/post/requestBody`],
    lint: ['docex/password-grant-deprecated'],
    runtime: [`${TK}/warnings.ts#PASSWORD_GRANT_WARNING`],
    sandbox: { na: 'the sandbox serves the grant as the service still does' },
    test: ['test/token/client-safety.test.ts > goes to process.emitWarning as a DeprecationWarning once per process', 'test/token/client-safety.test.ts > is not given for a token service on this machine'],
  },
  {
    id: 'S50', section: '5.5, 8', text: 'A refresh token can be used only once; each refresh response holds a new one that replaces it.',
    doc: [`${TOKEN}#/paths/~1oauth2~1token/post/requestBody`],
    lint: ['docex/token-response'],
    runtime: [`${TK}/session.ts#createTokenSession`],
    sandbox: [`${SB}/token/state.ts#TokenState`],
    test: ['test/token/client-refresh.test.ts > stores the new refresh token and never uses the old one again', 'test/token/client-refresh.test.ts > a refresh answer without refresh_token: the used (single-use) token is dropped', 'test/token/token-service.test.ts > rotates single-use refresh tokens'],
  },
  {
    id: 'S51', section: '5.6', text: 'The 401 description mentions an API key.',
    doc: [`${SHARED}/responses.yaml#/Unauthorized/description`],
    lint: { na: 'wording of a description' },
    runtime: { na: 'no API-key scheme is shown by the spec' },
    sandbox: { na: 'no API-key scheme is shown by the spec' },
    test: { na: 'wording of a description' },
  },
  {
    id: 'S52', section: '7.1', text: 'An error is a 4xx or 5xx status.',
    doc: [`${SHARED}/responses.yaml#/BadRequest`],
    lint: ['docex/error-status-known'],
    runtime: [`${RT}/errors.ts#errorClassFor`],
    sandbox: [`${SB}/http-error.ts#httpError`],
    test: ['test/runtime/errors.test.ts > NetworkError and TimeoutError are named after their class', 'test/lint/fixtures/error-status-known'],
  },
  {
    id: 'S53', section: '7.1', text: 'The error body is one message object or an array of them: technicalMessage (required), errorCode, description.',
    doc: [`${SHARED}/schemas.yaml#/ErrorBody`, `${SHARED}/schemas.yaml#/Message`],
    lint: ['docex/error-body'],
    runtime: [`${RT}/response.ts#toApiError`],
    sandbox: [`${SB}/http-error.ts#httpError`],
    test: ['test/runtime/errors.test.ts > an array of message objects -> all of them', 'test/sandbox/media-and-errors.test.ts > 400 for invalid parameter values, several problems as an array'],
  },
  {
    id: 'S54', section: '7.2, 8', text: '304: a GET with If-None-Match equal to the current ETag.',
    doc: [`${SHARED}/responses.yaml#/NotModified`, `${SHARED}/parameters.yaml#/IfNoneMatch`],
    lint: ['docex/etag-pairing', 'docex/conditional-header-method'],
    runtime: [`${RT}/etag.ts#withEtag`],
    sandbox: [`${SB}/handlers/preconditions.ts#notModified`],
    test: ['test/runtime/etag.test.ts > with etagCache: sends If-None-Match and turns 304 into the cached data', 'test/sandbox/instances.test.ts > GET by id carries a strong ETag; If-None-Match with it gives 304'],
  },
  {
    id: 'S55', section: '7.2', text: '400: the request is malformed (a wrong parameter name, invalid data).',
    doc: [`${SHARED}/responses.yaml#/BadRequest`],
    lint: ['docex/error-statuses-general'],
    runtime: [`${RT}/errors.ts#BadRequestError`],
    sandbox: [`${SB}/request.ts#parseQuery`],
    test: ['test/sandbox/media-and-errors.test.ts > 400 for an unknown query parameter name'],
  },
  {
    id: 'S56', section: '7.2', text: '403: the client may not access the resource.',
    doc: [`${SHARED}/responses.yaml#/Forbidden`],
    lint: { na: 'not required on secured operations: whether a resource can belong to someone the caller may not see is not in the document\'s structure (docex/error-statuses catalog entry)' },
    runtime: [`${RT}/errors.ts#ForbiddenError`],
    sandbox: [`${SB}/handlers/lookup.ts#lookup`],
    test: ['test/sandbox/instances.test.ts > a document of another company is 403 (GET, PUT, DELETE) and not listed'],
  },
  {
    id: 'S57', section: '7.2', text: '404: the resource does not exist.',
    doc: [`${SHARED}/responses.yaml#/NotFound`],
    lint: ['docex/error-statuses'],
    runtime: [`${RT}/errors.ts#NotFoundError`],
    sandbox: [`${SB}/handlers/lookup.ts#lookup`],
    test: ['test/sandbox/instances.test.ts > DELETE gives 204, then the document is gone (404)'],
  },
  {
    id: 'S58', section: '7.2', text: '406: the requested media type cannot be provided.',
    doc: [`${SHARED}/responses.yaml#/NotAcceptable`, `${DOC}#/paths/~1documents/get/responses/406`],
    lint: ['docex/error-statuses'],
    runtime: [`${RT}/errors.ts#NotAcceptableError`],
    sandbox: [`${SB}/negotiate.ts#negotiate`],
    test: ['test/sandbox/media-and-errors.test.ts > 406 when no documented media type fits', 'test/sandbox/real-documents.test.ts > every operation that returns a representation declares the 406 it answers'],
  },
  {
    id: 'S59', section: '7.2', text: '409: a resource with the same criteria exists (creating a duplicate).',
    doc: [`${DOC}#/paths/~1documents/post/x-unique`, `${FILE2}#/paths/~1files/post/x-unique`, `${NET}#/paths/~1companies~1{companyId}~1trading-partner-connections/post/x-unique`],
    lint: ['docex/unique-criteria', 'docex/error-statuses'],
    runtime: [`${RT}/errors.ts#ConflictError`],
    sandbox: [`${SB}/handlers/collection.ts#create`, `${SB}/handlers/writes.ts#checkUnique`, 'generator/model/conventions/unique.ts#readUnique'],
    test: ["test/sandbox/instances.test.ts > 409 is decided by the document's x-unique criteria, not by every property sent", "test/sandbox/preconditions.test.ts > a PUT that makes a document equal to another under the create's x-unique criteria answers 409 and changes nothing", 'test/lint/fixtures/unique-criteria'],
  },
  {
    id: 'S60', section: '7.2, 8', text: '412: an ETag is supplied and the client\'s version is outdated; PUT updates only when the ETags are equal.',
    doc: [`${SHARED}/responses.yaml#/PreconditionFailed`, `${SHARED}/parameters.yaml#/IfMatch`],
    lint: ['docex/etag-pairing', 'docex/etag-header'],
    runtime: [`${RT}/errors.ts#PreconditionFailedError`],
    sandbox: [`${SB}/handlers/preconditions.ts#itemEtag`, `${SB}/handlers/preconditions.ts#checkIfMatch`, `${SB}/store.ts#isTagList`],
    test: ['test/generator/sandbox-e2e.test.ts > keeps the ETag of a GET and sends If-Match on PUT (stale -> PreconditionFailedError)', 'test/generator/sandbox-e2e.test.ts > an ETag from an expanded GET names the version for If-Match', 'test/sandbox/preconditions.test.ts > never matches: PUT, DELETE and POST answer 412 and change nothing'],
  },
  {
    id: 'S61', section: '7.2', text: '415: the request data is in a media type the API does not accept.',
    doc: [`${SHARED}/responses.yaml#/UnsupportedMediaType`],
    lint: ['docex/error-statuses'],
    runtime: [`${RT}/errors.ts#UnsupportedMediaTypeError`],
    sandbox: [`${SB}/request.ts#requestMediaType`],
    test: ['test/sandbox/media-and-errors.test.ts > takes an upload in a documented media type and 415 for others'],
  },
  {
    id: 'S62', section: '7.2', text: '500: unknown server error.',
    doc: [`${SHARED}/responses.yaml#/InternalServerError`],
    lint: ['docex/error-statuses-general'],
    runtime: [`${RT}/errors.ts#InternalServerError`, `${RT}/retry.ts#retryDelay`],
    sandbox: [`${SB}/respond.ts#sendError`],
    test: ['test/sandbox/media-and-errors.test.ts > 500 with the error body when the handler fails', 'test/runtime/retry.test.ts > retries an unconditional PUT on 500, not on 4xx'],
  },
  {
    id: 'S63', section: '8 Caching', text: 'Every response carries caching headers.',
    doc: [`${SHARED}/headers.yaml#/CacheControlNoStore`],
    lint: ['docex/cache-control'],
    runtime: [`${RT}/etag.ts#MemoryEtagCache`],
    sandbox: [`${SB}/respond.ts#cacheControl`, `${SB}/protocol-errors.ts#frameworkError`, `${SB}/protocol-errors.ts#clientError`],
    test: ['test/sandbox/media-and-errors.test.ts > every response carries Content-Type (when it has a body) and Cache-Control', "test/sandbox/cache-control.test.ts > fastify's 400 for a path that is not valid percent-encoding", "test/sandbox/cache-control.test.ts > Node's 431 for oversized headers", "test/sandbox/cache-control.test.ts > Node's 400 for a malformed request line", 'test/reliability/fuzz.test.ts > answers every generated request as its document says'],
  },
  {
    id: 'S64', section: '8 Caching', text: 'Cache-Control is no-store (never store), no-cache (always revalidate) or max-age=<seconds>.',
    doc: [`${SHARED}/headers.yaml#/CacheControlNoStore`, `${SHARED}/headers.yaml#/CacheControlNoCache`, `${SHARED}/headers.yaml#/CacheControlMaxAge`],
    lint: ['docex/cache-control-value'],
    runtime: [`${RT}/etag.ts#withEtag`],
    sandbox: [`${SB}/respond.ts#cacheControl`],
    test: ['test/runtime/etag.test.ts > caches Blob results too, and not no-store responses'],
  },
  {
    id: 'S65', section: '8 ETags', text: 'A GET sends the stored ETag in If-None-Match; the ETag comes with the resource.',
    doc: [`${SHARED}/headers.yaml#/ETag`],
    lint: ['docex/etag-header'],
    runtime: [`${RT}/types.ts#WithEtag`],
    sandbox: [`${SB}/handlers/preconditions.ts#itemEtag`],
    test: ['test/runtime/etag.test.ts > is a non-enumerable property of the result'],
  },
  {
    id: 'S66', section: '8 ETags', text: 'A POST into a collection may send the collection\'s ETag in If-Match.',
    doc: [`${DOC}#/paths/~1documents/post`],
    lint: ['docex/conditional-header-method'],
    runtime: [`${RT}/types.ts#CallOptions`],
    sandbox: [`${SB}/handlers/preconditions.ts#checkIfMatch`, `${SB}/store.ts#Store`],
    test: ['test/sandbox/instances.test.ts > POST honours If-Match with the collection ETag', "test/sandbox/preconditions.test.ts > a collection's current ETag stays valid for If-Match however many other pages were served since"],
  },
];
