/** Types shared by the runtime and the generated clients' signatures. */
import type { TokenSource } from './auth.js';
import type { EtagCache } from './etag.js';
import type { RetryOptions } from './retry.js';

export interface ClientOptions {
  /** The API's `{base_url}`, e.g. 'https://api.eu.example.com/'; the client appends its sub API path. */
  baseUrl: string;
  /** Sends `Authorization: Bearer`; on 401 refreshes once and retries once. */
  tokens?: TokenSource;
  /** Default: `globalThis.fetch`, looked up at call time. */
  fetch?: typeof fetch;
  /** Retries of idempotent methods on network errors and 429/500/502/503/504 (not when Retry-After asks for longer
   *  than `maxDelayMs`); a DELETE or a write with If-Match only while it cannot have been applied (connection
   *  refused, 429, 503 with Retry-After), else OutcomeUnknownError. `false` turns them off. */
  retry?: RetryOptions | false;
  /** GET of ETag operations: sends If-None-Match and turns 304 into the cached data, so those calls always give
   *  data. `true` = in-memory LRU. */
  etagCache?: EtagCache | boolean;
  /** Sent with every request. */
  headers?: Record<string, string>;
}

export interface CallOptions {
  /** Accept header; default: the operation's documented media types in priority order. */
  accept?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Abort the call (all attempts included) after this many milliseconds with a TimeoutError. */
  timeoutMs?: number;
}

export interface ParamSpec {
  /** Property name in the method's params object. */
  key: string;
  /** Wire name ('If-Match', 'documentId', 'sort'). */
  name: string;
  in: 'path' | 'query' | 'header';
  /** Query arrays: true (OpenAPI default for form) repeats the name, false joins with commas. */
  explode?: boolean;
  /** 'form' (default), 'spaceDelimited', 'pipeDelimited', 'deepObject' for query; 'simple' for path and header. */
  style?: string;
}

/** Encoders that a generated client passes only when its document needs them, so that other programs do not ship them. */
export interface Codecs {
  /** A form or multipart body (lower-case media type) from a plain object; undefined: send the body as it is. */
  form?: (type: string, body: unknown) => BodyInit | undefined;
  /** A query parameter holding an object, or an array in a style other than form, as `name=value` pairs. */
  query?: (p: ParamSpec, v: object) => string;
}

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'TRACE';

export interface OperationSpec {
  method: HttpMethod;
  /** '/documents/{documentId}', relative to the API root. */
  path: string;
  params: readonly ParamSpec[];
  /** Request body media type. */
  body?: { mediaType: string };
  /** Success response media types in document order (first = default Accept); [] = no body. */
  accept: readonly string[];
  /** meta+items collection: enables pages()/all(). */
  paginated?: { limitMax?: number };
  /** The success response declares an ETag header: the result carries it as `etag`; a GET also uses the etagCache. */
  etag?: boolean;
}

export interface Api {
  /** Calls an operation; `params.body` holds the request body. Returns data parsed by media type (NotModified for a
   *  304 to the caller's own If-None-Match parameter), throws ApiError subclasses. */
  call<T>(spec: OperationSpec, params: object | undefined, options?: CallOptions): Promise<T>;
  /** Every page of a meta+items collection (offset/limit); no If-None-Match parameter (see pagination.ts). */
  pages<P>(spec: OperationSpec, params: object | undefined, options?: CallOptions): AsyncIterableIterator<P>;
  /** Every item of a meta+items collection, one page in memory at a time. */
  all<I>(spec: OperationSpec, params: object | undefined, options?: CallOptions): AsyncIterableIterator<I>;
  /** baseUrl + the sub API path, for the raw openapi-fetch client. */
  readonly baseUrl: string;
  /** The authenticated, retrying fetch, for the raw openapi-fetch client. */
  readonly fetch: typeof fetch;
}

/** A sortable property, descending with a leading '-' (conventions 4.5). */
export type SortParam<P extends string> = P | `-${P}`;

/** Known values plus any other string, keeping editor completion for the known ones. */
export type ExtensibleEnum<T extends string> = T | (string & {});

/** A result that may carry the response's ETag (a non-enumerable property at run time). */
export type WithEtag<T> = T & { readonly etag?: string };

type ExpandProps<T, Map, K extends keyof Map> = {
  [P in keyof T]: P extends K ? Map[P] | Extract<T[P], null> : T[P];
};
type ExpandItems<V, Map, K extends keyof Map> = V extends readonly (infer I)[] ? ExpandProps<I, Map, K>[] : V;

/**
 * T with the reference properties named K (at top level, and inside `items[]` of a collection page) replaced
 * by their full type Map[K]; optionality and nullability are kept. With K = never, T itself.
 */
export type Expanded<T, Map, K extends keyof Map> = [K] extends [never]
  ? T
  : { [P in keyof T]: P extends K ? Map[P] | Extract<T[P], null> : P extends 'items' ? ExpandItems<T[P], Map, K> : T[P] };

/** The result type for an accept value: A is a key of Map (media type -> type). */
export type ResultFor<Map, A extends keyof Map> = Map[A];

/** The arguments of a generated method: params may be omitted when none is required. */
export type MethodArgs<Params> = {} extends Params
  ? [params?: Params, options?: CallOptions]
  : [params: Params, options?: CallOptions];

/** `meta` of a collection page (conventions 2.4). */
export interface PageMeta {
  offset?: number;
  limit?: number;
  total?: number;
}

/** A meta+items collection page. */
export interface CollectionPage<Item> {
  meta: PageMeta;
  items: Item[];
}

/** The item type of a collection page. */
export type PageItem<Page> = Page extends { items: readonly (infer I)[] } ? I : never;

/** A generated method of a meta+items collection: one page, or every item / page through async iterators. */
export interface PaginatedMethod<Params, Page, Item = PageItem<Page>> {
  (...args: MethodArgs<Params>): Promise<Page>;
  all(...args: MethodArgs<Params>): AsyncIterableIterator<Item>;
  pages(...args: MethodArgs<Params>): AsyncIterableIterator<Page>;
}
