// The intermediate representation every part reads: a pure, sorted, JSON-serialisable function of one bundled
// document. The emitter, the docs and the sandbox take each operation fact from here (and the accessors of
// operation.ts), never from raw OpenAPI; nothing here knows about TypeScript. Where a consumer needs a schema itself
// (to compile it, to generate data), the record says where it is written (`SourceRef`), and the consumer reads it there.
import type { Effect } from './conventions/effect.js';
import type { EtagReading } from './conventions/etag.js';
import type { FilterMatch } from './conventions/filter.js';
import type { OpenApiVersion } from '../load/operations.js';
import type { ValueNotes } from './value-notes.js';

/** The role of a path (spec 2.1): a collection, an instance of one, a sub-resource below an instance, a stand-alone
 *  resource without path parameters, or none of these. */
export type ResourceRole = 'collection' | 'instance' | 'sub-resource' | 'singular' | 'other';

/** An error status an operation declares, with what a client needs to tell its JSON body from another (read by
 *  conventions/error-bodies.ts; here so that the readers and the record do not import each other). */
export interface ErrorBody {
  /** The status key as written: `404`, `4XX`, `default`. */
  status: string;
  /** The first JSON media type declared for it; none when it declares no JSON body. */
  mediaType?: string;
  /** The body's JSON type, when the schema names exactly one and does not allow null. */
  type?: string;
  /** Required properties of an object body, in document order. */
  required: string[];
}

/** How a client meets a security scheme: an API key (where it goes, its name), http basic or bearer credentials, a
 *  token source (oauth2, openIdConnect), or nothing it can give (another http scheme, mutualTLS, an unknown type).
 *  The client's scheme table holds it as the model writes it: the runtime's SchemeSpec repeats it, and
 *  test/model/scheme-kind.test-d.ts keeps the two equal. */
export type SchemeKind = { type: 'apiKey'; in: 'query' | 'header' | 'cookie'; name: string } | { type: 'basic' | 'bearer' | 'tokens' | 'none' };

/** A top-level tag: OpenAPI 3.2 nests tags (`parent`, the name of another tag), says what kind of tag it is (`kind`,
 *  such as `nav`, `badge` or `audience`) and gives it a short `summary` for navigation. */
export interface TagModel {
  name: string;
  summary?: string;
  description?: string;
  parent?: string;
  kind?: string;
}

/** A security scheme as the document declares it, with how a client meets it (`kind`). */
export interface SchemeModel {
  name: string;
  kind: SchemeKind;
  description?: string;
  /** OpenAPI 3.2: the scheme is deprecated (the client's `auth` types mark it `@deprecated`). */
  deprecated?: true;
  /** OpenAPI 3.2 `oauth2MetadataUrl`: where the OAuth 2.0 server's metadata (RFC 8414) is published. */
  oauth2MetadataUrl?: string;
  /** OpenAPI 3.2's device authorization flow (RFC 8628), when the scheme declares one. */
  deviceAuthorization?: { deviceAuthorizationUrl: string; tokenUrl: string; scopes: string[] };
}

/** The method as sent: a fixed field's in upper case (QUERY from 3.2), an `additionalOperations` key as written. */
type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'TRACE' | 'QUERY' | (string & {});

/** Where something is written: the document file and a JSON pointer into the bundled document. */
export interface SourceRef {
  file: string;
  pointer: string;
}

export interface ParamModel {
  /** Property name in the method's params object: a camelCase identifier, unique within the operation. */
  key: string;
  /** Name on the wire (`If-Match`, `documentId`); not sent for `querystring`. */
  name: string;
  /** `querystring` (3.2): the whole query string, one value serialised by its `content` media type. */
  in: 'path' | 'query' | 'querystring' | 'header' | 'cookie';
  required: boolean;
  deprecated: boolean;
  /** Its description, else its schema's (value-notes.ts, as `example`, `default` and `bounds`). */
  description?: string;
  example?: ValueNotes['example'];
  default?: ValueNotes['default'];
  bounds?: ValueNotes['bounds'];
  explode?: boolean;
  style?: string;
  /** Set on the `sort` parameter: its sortable fields (conventions/sortable.ts). */
  sortable?: string[];
  /** Set on the `expand` parameter when the response has expandable references (conventions.expandable). */
  expand?: boolean;
  /** Set on a GET's If-None-Match parameter: a 304 to the caller's own value gives NotModified. */
  notModified?: boolean;
  /** The parameter's schema is an array (matters for `sort`). */
  array?: boolean;
  /** The parameter's value may be an object (the runtime's parameter styles serialise it). */
  object?: boolean;
  /** Query: reserved characters are sent as they are (`allowReserved`). */
  allowReserved?: boolean;
  /** The media type of a parameter described by `content` instead of a schema: its value is serialised by it. */
  content?: string;
  /** A form querystring parameter: its media type's `encoding`, by property (as a form body's). */
  encoding?: Record<string, EncodingModel>;
  /** Where the parameter object is written (a `$ref` followed). */
  at: SourceRef;
  /** Where its schema is written. */
  schema?: SourceRef;
}

/** One media type of a request body or response. */
export interface MediaModel {
  mediaType: string;
  /** Where the media type object is written (its examples). */
  at: SourceRef;
  /** Where its schema is written. */
  schema?: SourceRef;
}

/** How one property of a form or multipart body is encoded (OpenAPI's Encoding Object). */
export interface EncodingModel {
  contentType?: string;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
}

export interface BodyModel {
  /** The media type the client sends: the first concrete JSON one, else the first concrete one, else (only wildcards
   *  offered) the first, and then `wildcard`. */
  mediaType: string;
  required: boolean;
  kind: MediaKind;
  /** Only wildcard media types (`*\/*`, `application/*`) are offered: the value decides what is sent. */
  wildcard?: boolean;
  /** Form and multipart bodies: the `encoding` of the media type sent, by property. */
  encoding?: Record<string, EncodingModel>;
  /** The request body's description, else its schema's (the sent media type's). */
  description?: string;
  /** Where the request body is written (a `$ref` followed). */
  at: SourceRef;
  /** Every media type the request body lists, in document order (what the operation accepts). */
  content: MediaModel[];
}

/** How a media type's content is represented in TypeScript. */
export type MediaKind = 'json' | 'text' | 'binary' | 'form' | 'multipart';

export interface HeaderModel {
  /** As written (`ETag`, `cache-control`). */
  name: string;
  required: boolean;
  /** Where the header's schema is written. */
  schema?: SourceRef;
}

/** A response the operation declares, under its key as written. */
export interface StatusModel {
  /** `200`, `4XX`, `default`. */
  status: string;
  /** OpenAPI 3.2: the response's short summary. */
  summary?: string;
  /** Where the response object is written (a `$ref` followed). */
  at: SourceRef;
  headers: HeaderModel[];
  /** Its media types in document order (the success response's first one is the default representation). */
  content: MediaModel[];
}

/**
 * What an operation does to the resource its path names (spec 2.1, read by the resources reader from structure):
 * - `list`: GET on a collection; `create`: POST on a collection;
 * - `read`/`replace`/`remove`: GET/PUT/DELETE on `<collection>/{id}`;
 * - `sub-read`/`sub-replace`: GET/PUT below an instance (`/documents/{documentId}/presentation`);
 * - `single-read`/`single-replace`: GET/PUT of a stand-alone resource (`/current-user`);
 * - `action`: anything else.
 */
export type OperationKind = 'list' | 'create' | 'read' | 'replace' | 'remove' | 'sub-read' | 'sub-replace' | 'single-read' | 'single-replace' | 'action';

export interface OperationResource {
  /** The role of the operation's path. */
  role: ResourceRole;
  kind: OperationKind;
  /** The collection (its path) the operation's path is, or is an instance of. */
  collection?: string;
  /** `read`/`replace`/`remove`: the path parameter holding the instance's id. */
  idParam?: string;
  /** The instance the path lies below (a nested collection's, a sub-resource's, a nested instance's): its path,
   *  the path parameter holding its id and the collection it belongs to. */
  parent?: { path: string; idParam: string; collection: string };
}

/** A collection of the API (spec 2.4), as the resources reader finds it, with the criteria of its duplicates. */
export interface CollectionModel {
  path: string;
  /** Where the items' schema is written (a `components/schemas` entry when the items are a named schema). */
  item: SourceRef;
  /** The shape the path's own GET lists in; none when the items are known only from an instance or a create. */
  shape?: 'page' | 'array';
  /** The path holds a parameter: each item belongs to one parent. */
  nested: boolean;
  /** The item's expandable references (`x-expandable`) to schemas that exist, by property. */
  references: { name: string; target: string }[];
  /** Duplicate criteria (spec 7.2): the `x-unique` of the collection's create. */
  unique?: { fields: string[]; at: SourceRef };
}

/** A deprecated part of an operation: the operation itself (subject ''), a parameter, a schema of its request body. */
export interface DeprecationModel {
  /** `parameter \`legacy\``, `request body \`PasswordGrantRequest\``, `request body \`Form\`, property \`x\``; '' for the operation. */
  subject: string;
  /** The deprecated part's description, as written. */
  description?: string;
  at: SourceRef;
}

export interface OperationModel {
  /** The name the operation's types are named after (`reposGet`: `ReposGetParams`): a safe identifier, unique
   *  within the API; the method's own name for a top-level method. */
  name: string;
  /** Where its method is on the client: resources, then the method (`['repos', 'get']`; `['listDocuments']`). */
  access: string[];
  /** The document's operationId, when it had one. */
  operationId?: string;
  /** The operation's key in schema.ts's `operations`, when it has one there (a unique operationId); else its types
   *  are reached through `paths`. */
  typesKey?: string;
  method: Method;
  path: string;
  /** Its summary, else the first line of its description. */
  summary?: string;
  /** Its description, as written (Markdown). */
  description?: string;
  /** The operation's first tag: the client groups its methods by it. */
  tag?: string;
  /** Position in the document (paths, then methods, in document order). */
  order: number;
  /** Where the operation object is written. */
  at: SourceRef;
  deprecated: boolean;
  /** The day a deprecated operation may be removed (`x-sunset`), `yyyy-mm-dd`. */
  sunset?: string;
  /** Where its reference documentation is: the operation's `externalDocs`, else its section on the docs site when
   *  `docsUrl` is configured (an http(s) URL either way). */
  docsUrl?: string;
  /** What of the operation is deprecated (itself, parameters, request body schemas), in document order. */
  deprecations: DeprecationModel[];
  params: ParamModel[];
  body?: BodyModel;
  /** Every response the operation declares, in document order. */
  statuses: StatusModel[];
  /** Every convention the document declares for this operation, as read by model/conventions/. */
  conventions: OperationConventions;
  /** The operation's own server (its or its path item's `servers`, the first, variables' defaults filled in), when it
   *  is not the document's first. */
  server?: string;
  /** The operation's own security requirements (alternatives of scheme names), when it declares them. */
  security?: string[][];
  /** The error statuses the operation declares (as written: `404`, `4XX`, `default`), with their JSON body if any. */
  errorBodies: ErrorBody[];
}

/** The parts of the OAuth 2.0 token service: token and revocation endpoints, login page and its form. */
export type TokenServiceRole = 'token' | 'revocation' | 'login-page' | 'login-form';

export interface OperationConventions {
  /** The lowest 2xx the document declares (200 when none): its response is the success response. */
  successStatus: number;
  /** An `Accept` that none of the offered media types meets is refused with 406 (else the first type is answered). */
  notAcceptable: boolean;
  /** `page`: meta (CollectionMeta) + items; `array`: a plain array; with the bound on `limit`. */
  collection: { kind: 'page' | 'array' | 'none'; limitMax?: number; item?: SourceRef };
  /** The sortable fields and default of the `sort` parameter. */
  sortable?: { fields: string[]; default?: string; at: SourceRef };
  /** Expandable references of the response that the `expand` parameter admits (none without one). */
  expandable: { name: string; target: string; at: SourceRef }[];
  /** ETags by method: a GET sends `ETag` and answers 304 to a matching `If-None-Match` (`notModified`); a write takes
   *  `If-Match` and answers 412 when it is stale (`preconditionFailed`), and its success response sends the new `ETag`. */
  etag: EtagReading;
  /** The Cache-Control values of each response that declares the header, by its status key as written (`200`, `4XX`). */
  caching: Record<string, string[]>;
  /** Requires authentication: some security requirement and no anonymous alternative. */
  secured: boolean;
  /** A resource the client may not access (another company's) is refused with 403 (spec 7.2). */
  forbidden: boolean;
  /** The part of the OAuth 2.0 token service this operation is (token, revocation, login page or form), if any. */
  tokenService?: TokenServiceRole;
  /** What the operation is to the resource its path names. */
  resource: OperationResource;
  /** The duplicate criteria the operation refuses with 409 (spec 7.2): a create's own `x-unique`; for a replace that
   *  declares 409, those of its collection's create. */
  unique?: { fields: string[]; at: SourceRef };
  /** What the operation changes in resources that exist besides what it creates (`x-effect`, when well formed), and
   *  the collection those resources belong to. */
  effect?: Effect & { at: SourceRef; collection?: string };
  /** Query parameters that filter what the operation lists (`x-filter`): the item property (dotted), how they match,
   *  and the property's format when it holds timestamps or dates (compared as instants). */
  filters: { param: string; match: FilterMatch; property?: string; format?: 'date-time' | 'date'; at: SourceRef }[];
  /** Query parameters whose value the operation stores in the item it creates (`x-sets`): the item property (dotted). */
  sets: { param: string; property: string; at: SourceRef }[];
  /** Properties of the success body that hold the signed-in principal's username (`x-principal: username`). */
  principal: { property: string; at: SourceRef }[];
  /** How the operation pages, when it is a list the reader recognises unambiguously (conventions/pagination.ts). */
  pagination?: Paging & { source: PagingSource; at: SourceRef };
  /** The success response streams items (conventions/stream.ts). */
  stream?: StreamReading;
}

/** Where a value sits in a response body: property names from the top; `[]` is the body itself. */
export type BodyPath = readonly string[];

/**
 * How a list operation pages (conventions/pagination.ts), in the form the generated client's runtime takes it:
 * - `offset`: `offset` advanced by the items received, `limit` the page size (the conventions' meta+items is this
 *   style, with `total` at `['meta', 'total']`);
 * - `page`: a page number from `first` (1 unless the parameter's default or minimum says 0), `size` the page size;
 * - `cursor`: the next cursor read at `next` in the body (Slack's `response_metadata.next_cursor`, AWS's
 *   `NextToken`); it ends at a missing or empty cursor, or where `hasMore` is false;
 * - `item-cursor`: the last item's id (at `itemId` within an item) is the next cursor, while `hasMore` is true
 *   (Stripe's `starting_after` + `has_more`);
 * - `next-url`: a URL of the next page at `next` in the body;
 * - `link`: an RFC 8288 `Link` header's `rel="next"` target (GitHub).
 * `items` is where the page's items are. Parameter names are as the document writes them.
 */
export type Paging =
  | { style: 'offset'; offset: string; limit?: string; items: BodyPath; total?: BodyPath; limitMax?: number }
  | { style: 'page'; page: string; size?: string; first: number; items: BodyPath; total?: BodyPath; limitMax?: number }
  | { style: 'cursor'; cursor: string; next: BodyPath; size?: string; hasMore?: BodyPath; items: BodyPath; limitMax?: number }
  | { style: 'item-cursor'; cursor: string; itemId: BodyPath; hasMore: BodyPath; size?: string; items: BodyPath; limitMax?: number }
  | { style: 'next-url'; next: BodyPath; size?: string; items: BodyPath; limitMax?: number }
  | { style: 'link'; size?: string; items: BodyPath; limitMax?: number };

/** Where a pagination reading comes from: the conventions' meta+items, the document's shape, an extension, config. */
export type PagingSource = 'conventions' | 'shape' | 'x-pagination' | 'x-speakeasy-pagination' | 'x-fern-pagination' | 'config';

/** Streaming media types a response may have (issue 47). */
export type StreamMediaType = 'text/event-stream' | 'application/jsonl' | 'application/x-ndjson' | 'application/json-seq' | 'multipart/mixed';

/** A success response that is a stream of items (conventions/stream.ts). */
export interface StreamReading {
  mediaType: StreamMediaType;
  /** The media type's `itemSchema`; absent in a document without one (items are strings, or unknown JSON values). */
  item?: SourceRef;
  /** SSE: the `event` values the item schema names (a `const`/`enum` of `event`, or of each `oneOf` branch), in
   *  document order; `[]` when it names none. */
  events: string[];
  /** SSE: the item schema parses `data` as JSON (`contentMediaType: application/json` or a `contentSchema`): for every
   *  event (`true`), or for the events named; absent when for none. */
  json?: true | string[];
  /** SSE: the event after which the server ends the stream (`x-terminal-event` on the media type object). */
  terminal?: string;
  /** Resume with `Last-Event-ID` is faithful: the method is safe (RFC 9110 9.2.1), or the operation says
   *  `x-resumable: true`. The client still resumes only once the server has sent ids. */
  resumable: boolean;
  at: SourceRef;
}

/** A schema under `components.schemas`: its key as written, and the words a hover shows. */
export interface SchemaEntry {
  key: string;
  /** Its `description`, else its `title` (its own, else its `$ref` target's). */
  description?: string;
  deprecated?: boolean;
}

export interface ApiModel {
  /** `document/v1`, `token`, or `` for a single foreign document. */
  id: string;
  /** Factory name: `createDocumentClient`. */
  factory: string;
  /** The client interface the factory returns: `DocumentClient`. */
  clientType: string;
  /** raw.ts's factory: `createDocumentRawClient`. */
  rawFactory: string;
  /** Path the client appends to baseUrl: `document/v1/` or ``. */
  apiPath: string;
  /** Source document path relative to the input root, for banners. */
  source: string;
  title: string;
  /** The OpenAPI version the document declares (a later 3.x reads as 3.2). */
  version: OpenApiVersion;
  /** The document's top-level `tags`, in document order (the order of the client's method groups). */
  tags: TagModel[];
  operations: OperationModel[];
  /** The collections of the API, in document order. */
  collections: CollectionModel[];
  /** The schemas under `components.schemas`, in document order: the API's index.ts exports each as a named type. */
  schemas: SchemaEntry[];
  /** The document's first server, an absolute http(s) URL with its variables' defaults: where a client calls by default. */
  server?: string;
  /** The response header that carries the API's request id, when the runtime would not read it by default: config
   *  `requestIdHeader`, else the one the document declares (conventions/request-id.ts). The factory's default. */
  requestIdHeader?: string;
  /** The document's security schemes, by name in document order, with how a client meets each. */
  schemes: SchemeModel[];
  /** The requirements of operations that declare none (alternatives of scheme names): the root `security`, or
   *  `'given'` for a document that declares schemes and names no requirement anywhere (conventions/security.ts). */
  security: string[][] | 'given';
  /** One line each; a located one names where it is written (the generate command adds the line). `unsupported`: a
   *  construct of the document docex does not carry (conventions/unsupported.ts), which `--strict` fails on. */
  warnings: (string | { at: SourceRef; message: string; unsupported?: true })[];
}
