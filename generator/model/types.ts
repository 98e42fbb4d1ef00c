// The intermediate representation the emitters read: a pure, sorted, JSON-serialisable function of one
// bundled document. Emitters never read raw OpenAPI; nothing here knows about TypeScript.

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'TRACE';

export interface ParamModel {
  /** Property name in the method's params object: a camelCase identifier, unique within the operation. */
  key: string;
  /** Name on the wire (`If-Match`, `documentId`). */
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  deprecated: boolean;
  description?: string;
  explode?: boolean;
  style?: string;
  /** Set on the `sort` parameter when it carries `x-sortable`. */
  sortable?: string[];
  /** Set on the `expand` parameter when the response has expandable references (see OperationModel.expandable). */
  expand?: boolean;
  /** The parameter's schema is an array (matters for `sort`). */
  array?: boolean;
  /** A query parameter whose value may be an object (needs the runtime's query-style encoder). */
  object?: boolean;
}

export interface BodyModel {
  mediaType: string;
  required: boolean;
  kind: MediaKind;
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
  method: Method;
  path: string;
  summary?: string;
  /** The operation's first tag: the client groups its methods by it. */
  tag?: string;
  /** Position in the document (paths, then methods, in document order). */
  order: number;
  deprecated: boolean;
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
  /** GET whose success response declares an ETag header. */
  etag: boolean;
}

export interface ApiModel {
  /** `document/v1`, `token`, or `` for a single foreign document. */
  id: string;
  /** Factory name: `createDocumentClient`. */
  factory: string;
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
