// The intermediate representation the emitters read: a pure, sorted, JSON-serialisable function of one
// bundled document. Emitters never read raw OpenAPI; nothing here knows about TypeScript.
import type { Effect } from './conventions/effect.js';
import type { EtagReading } from './conventions/etag.js';
import type { FilterMatch } from './conventions/filter.js';
import type { ValueNotes } from './value-notes.js';

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'TRACE';

export interface ParamModel {
  /** Property name in the method's params object: a camelCase identifier, unique within the operation. */
  key: string;
  /** Name on the wire (`If-Match`, `documentId`). */
  name: string;
  in: 'path' | 'query' | 'header';
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
  /** Set on the `expand` parameter when the response has expandable references (see OperationModel.expandable). */
  expand?: boolean;
  /** Set on a GET's If-None-Match parameter: a 304 to the caller's own value gives NotModified. */
  notModified?: boolean;
  /** The parameter's schema is an array (matters for `sort`). */
  array?: boolean;
  /** A query parameter whose value may be an object (needs the runtime's query-style encoder). */
  object?: boolean;
}

export interface BodyModel {
  mediaType: string;
  required: boolean;
  kind: MediaKind;
  /** The request body's description, else its schema's (the sent media type's). */
  description?: string;
}

/** How a media type's content is represented in TypeScript. */
export type MediaKind = 'json' | 'text' | 'binary' | 'form' | 'multipart';

export interface ResponseModel {
  mediaType: string;
  kind: MediaKind;
  /** Success status codes (document keys: `200`, `2XX`) declaring this media type. */
  statuses: string[];
}

export interface OperationModel {
  /** Method name on the generated client: a safe identifier, unique within the API. */
  name: string;
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
  deprecated: boolean;
  /** The day a deprecated operation may be removed (`x-sunset`), `yyyy-mm-dd`. */
  sunset?: string;
  /** Where its reference documentation is: the operation's `externalDocs`, else its section on the docs site when
   *  `docsUrl` is configured (an http(s) URL either way). */
  docsUrl?: string;
  params: ParamModel[];
  body?: BodyModel;
  /** Success responses with content, in document order (first = default Accept). */
  responses: ResponseModel[];
  /** Success statuses that have no body. */
  emptyStatuses: string[];
  errorStatuses: string[];
  /** `meta` + `items` collection (meta shaped like CollectionMeta). */
  paginated?: { limitMax?: number };
  /** Expandable property name -> target schema name under components.schemas. */
  expandable?: Record<string, string>;
  /** The success response declares an ETag header (any method): the result carries it. */
  etag: boolean;
  /** Every convention the document declares for this operation, as read by model/conventions/. */
  conventions: OperationConventions;
}

/** Where a reading is written: the document file and a JSON pointer into the bundled document. */
export interface SourceRef {
  file: string;
  pointer: string;
}

/** The parts of the OAuth 2.0 token service: token and revocation endpoints, login page and its form. */
export type TokenServiceRole = 'token' | 'revocation' | 'login-page' | 'login-form';

export interface OperationConventions {
  /** The lowest 2xx the document declares (200 when none). */
  successStatus: number;
  media: { offered: string[]; accepted: string[]; bodyRequired: boolean };
  /** `page`: meta (CollectionMeta) + items; `array`: a plain array; with the bound on `limit`. */
  collection: { kind: 'page' | 'array' | 'none'; limitMax?: number; item?: SourceRef };
  /** The sortable fields and default of the `sort` parameter. */
  sortable?: { fields: string[]; default?: string; at: SourceRef };
  /** Expandable references of the response that the `expand` parameter admits (none without one). */
  expandable: { name: string; target: string; at: SourceRef }[];
  etag: EtagReading;
  /** The Cache-Control values of each response that declares the header, by its status key as written (`200`, `4XX`). */
  caching: Record<string, string[]>;
  /** Requires authentication: some security requirement and no anonymous alternative. */
  secured: boolean;
  /** The part of the OAuth 2.0 token service this operation is (token, revocation, login page or form), if any. */
  tokenService?: TokenServiceRole;
  /** What the operation changes in resources that exist besides what it creates (`x-effect`, when well formed). */
  effect?: Effect & { at: SourceRef };
  /** Query parameters that filter what the operation lists (`x-filter`): the item property (dotted) and how they match. */
  filters: { param: string; match: FilterMatch; property?: string; at: SourceRef }[];
  /** Query parameters whose value the operation stores in the item it creates (`x-sets`): the item property (dotted). */
  sets: { param: string; property: string; at: SourceRef }[];
  /** Properties of the success body that hold the signed-in principal's username (`x-principal: username`). */
  principal: { property: string; at: SourceRef }[];
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
  /** The document's top-level `tags`, in document order (the order of the client's method groups). */
  tags: string[];
  operations: OperationModel[];
  warnings: string[];
}
