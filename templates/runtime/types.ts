/** Types shared by the runtime and the generated clients' signatures. */
import type { ApiPromise } from './api-promise.js';
import type { TokenSource } from './auth.js';
import type { EtagCache } from './etag.js';
import type { PagingStyles } from './paging.js';
import type { Replay } from './replay.js';
import type { RetryOptions } from './retry.js';
import type { ValidationError } from './errors.js';
import type { Validators } from './validate.js';

export interface ClientOptions extends ClientSettings {
  /** The API's `{base_url}`, e.g. 'https://api.eu.example.com/'; the client appends its sub API path. Plain http only
   *  to a loopback host when `tokens` or `auth` is given (a secret would travel over it). */
  baseUrl: string;
}

/** ClientOptions but `baseUrl`: what the options of a client whose document names its server extend (its `baseUrl`
 *  defaults to that server), without the mapped type an `Omit<ClientOptions, 'baseUrl'>` costs each program. */
export interface ClientSettings {
  /** Sends `Authorization: Bearer`; on 401 refreshes once and retries once. */
  tokens?: TokenSource;
  /** Where an operation with servers of its own (path- or operation-level `servers`) is sent instead, by the URL the
   *  client names them with (the document's, variables' defaults filled in): a sandbox or a proxy. */
  servers?: Readonly<Record<string, string>>;
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
  /** The response header that carries the API's request id (`requestId` of errors and of `.withResponse()`), when it
   *  is none of x-request-id, request-id and x-<vendor>-request-id, which are read without it. */
  requestIdHeader?: string;
  /** Checks each JSON response body against the document's schema for its operation and status (validate.ts). */
  validate?: ValidateMode;
}

/** `'off'` (the default); `'throw'`: a body not matching rejects with ValidationError; a function: called with the
 *  ValidationError, and the call goes on as without validation (report drift without breaking the caller). */
export type ValidateMode = 'off' | 'throw' | ((error: ValidationError) => void);

export interface CallOptions {
  /** Accept header; default: the operation's documented media types in priority order. */
  accept?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Abort the call (all attempts included) after this many milliseconds with a TimeoutError. */
  timeoutMs?: number;
  /** This call's retry policy, in place of the client's (`false`: one attempt). */
  retry?: RetryOptions | false;
  /** A stream: end it with a TimeoutError when nothing arrives for this many milliseconds (`timeoutMs` then bounds
   *  only the wait for the response's headers). */
  idleTimeoutMs?: number;
  /** This call's validation, in place of the client's. */
  validate?: ValidateMode;
}

/** ClientOptions of a client whose document declares API key, http basic or bearer schemes: `auth` holds credentials
 *  by scheme name, and each operation sends those of the first security requirement it declares that they meet
 *  (generated clients type the names: one the document does not declare does not compile). */
export interface AuthOptions {
  /** Credentials (Credential) by scheme name: a generated client's `<Client>Auth`. */
  auth?: object;
}

/** A credential of `auth`: an API key or bearer token, or a user name and password (http basic). */
export type Credential = string | BasicCredentials;

export interface BasicCredentials {
  username: string;
  password: string;
}

/** A security scheme credentials can be given for: an API key (where it goes and its name), http basic or bearer;
 *  `tokens` for one that ClientOptions.tokens meets (oauth2, openIdConnect); `none` for one no credential meets. */
export type SchemeSpec = { type: 'apiKey'; in: 'query' | 'header' | 'cookie'; name: string } | { type: 'basic' | 'bearer' | 'tokens' | 'none' };

/** Security requirements: alternatives, each the names of the schemes it needs together ([] = anonymous). */
export type SecuritySpec = readonly (readonly string[])[];

/** The requirements of a document's operations that declare none: its root `security`, or `'given'` for a document
 *  that names no requirement anywhere (each operation then sends every credential given). */
export type DocumentSecuritySpec = SecuritySpec | 'given';

export interface ParamSpec {
  /** Property name in the method's params object. */
  key: string;
  /** Wire name ('If-Match', 'documentId', 'sort'); not sent for a querystring parameter. */
  name: string;
  /** 'querystring': the whole query string, the value serialised by its `content` media type. */
  in: 'path' | 'query' | 'querystring' | 'header' | 'cookie';
  /** Arrays and objects: true (OpenAPI's default for form) gives each item or property a pair of its own. */
  explode?: boolean;
  /** 'form' (default), 'spaceDelimited', 'pipeDelimited', 'deepObject' for query and cookie; 'simple' (default),
   *  'label', 'matrix' for path; 'simple' for header. */
  style?: string;
  /** Query: RFC 3986 reserved characters are sent as they are. */
  allowReserved?: boolean;
  /** The media type of a parameter described by `content`: its value is serialised by it (JSON for a JSON type). */
  content?: string;
  /** A form querystring parameter: the encoding of its properties, by property name (as a form body's). */
  encoding?: Readonly<Record<string, EncodingSpec>>;
}

/** How one property of a form or multipart body is encoded (OpenAPI's Encoding Object). */
export interface EncodingSpec {
  contentType?: string;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
}

export interface BodySpec {
  /** The media type sent: the first concrete one the document offers; a wildcard (`*\/*`, `application/*`) when it
   *  offers no other, and then the value decides (binary data its own type, anything else JSON). */
  mediaType: string;
  /** Form and multipart bodies: the encoding of properties, by property name. */
  encoding?: Readonly<Record<string, EncodingSpec>>;
}

/** What the document declares of an error status's JSON body: its type and required properties (a body that does not
 *  have them is not the documented shape); `false` for a status declared without a JSON body. */
export type ErrorSpec =
  | {
      type?: string;
      required?: readonly string[];
    }
  | false;

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type NumberOf<S> = S extends `${infer N extends number}` ? N : never;
/** The HTTP error statuses, 400 to 599 (or those of one range, `ErrorStatus<'4'>`), as number literals: the `status`
 *  of a generated client's typed errors, so that comparing it with one narrows to that status's body. */
export type ErrorStatus<Range extends '4' | '5' = '4' | '5'> = NumberOf<`${Range}${Digit}${Digit}`>;

/** Encoders that a generated client passes only when its document needs them, so that other programs do not ship them. */
export interface Codecs {
  /** A body that is more than JSON or bytes (a form or multipart body from a plain object, a wildcard media type),
   *  setting its Content-Type in the (lower-case) headers (body.ts). */
  body?: (spec: BodySpec, body: unknown, headers: Record<string, string>) => BodyInit;
  /** Every parameter, when some parameter of the document needs more than request.ts's plain path (param-styles.ts). */
  param?: (p: ParamSpec, v: unknown) => string;
  /** Adds the credentials an operation sends, from ClientOptions.auth, to the (lower-case) headers and to `url`,
   *  returning the URL to send, whether the token source is to be asked, and whether it added any (credentials.ts).
   *  `headers`: the lower-case names of the document's apiKey schemes in a header, credentials when given by hand too. */
  auth?: ((spec: OperationSpec, options: ClientOptions & AuthOptions, url: string, headers: Record<string, string>) => [string, boolean, boolean]) & { headers?: readonly string[] };
  /** Whether an error response's JSON body is the one the operation's `errors` declare for its status (error-body.ts). */
  error?: (errors: NonNullable<OperationSpec['errors']>, status: number, body: unknown) => boolean;
  /** The rules of a write that a replay would misreport (replay.ts), for documents with writes; without it every
   *  call is retried as its method allows. createApi and createApiCore always have it. */
  replay?: (method: string, has: (name: string) => boolean) => Replay | undefined;
  /** The method of a stream operation: it resolves to a Stream once the headers arrive (stream.ts). */
  stream?: (api: Pick<Api, 'call'>, spec: OperationSpec, idHeader?: string, validate?: ValidateMode, codecs?: Codecs) => (params?: object, o?: CallOptions) => ApiPromise<unknown>;
  /** The API's validators.js, loaded at the first validating call. */
  validators?: () => Promise<Validators>;
  /** The pagination styles of the document's paging operations, each loaded on its first pages()/all() (paging.ts). */
  paging?: PagingStyles;
}

/** The method sent: QUERY too, and any other method an OpenAPI 3.2 document names (`LINK`, `PURGE`), as written. */
export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'TRACE' | 'QUERY' | (string & {});

export interface OperationSpec {
  method: HttpMethod;
  /** '/documents/{documentId}', relative to the API root. */
  path: string;
  params: readonly ParamSpec[];
  /** The request body. */
  body?: BodySpec;
  /** Success response media types in document order (first = default Accept); [] = no body. */
  accept: readonly string[];
  /** How the operation pages: enables pages()/all() (pagination.ts, paging-*.ts). */
  paging?: PagingSpec;
  /** The success response declares an ETag header: the result carries it as `etag`; a GET also uses the etagCache. */
  etag?: boolean;
  /** The security requirements, where they are not the document's (see Codecs.auth). */
  security?: SecuritySpec;
  /** The operation's own server (path- or operation-level `servers`: the first, variables' defaults filled in); a
   *  relative one is resolved against the client's baseUrl. */
  server?: string;
  /** Error statuses (`404`, `4XX`, `default`) whose JSON body the document declares: the ApiError carries it as `body`. */
  errors?: Readonly<Record<string, ErrorSpec>>;
  /** The success response is a stream of items (stream.ts). */
  stream?: StreamSpec;
}

/** A streamed response: its format; SSE events whose `data` is JSON (all, or those named); whether the item schema
 *  declares an `error` event (an item then, not a StreamError); the event after which the server ends it; whether a
 *  dropped stream may be resumed with Last-Event-ID. */
export interface StreamSpec {
  format: 'sse' | 'jsonl' | 'json-seq';
  json?: true | readonly string[];
  errorItem?: true;
  terminal?: string;
  resumable?: boolean;
}

/** An SSE event as sent: its lines of `data` joined with `\n` (parsed where the document gives it as JSON). */
export interface ServerSentEvent<D = string> {
  event?: string;
  data: D;
  id?: string;
  retry?: number;
}

/**
 * The items of a streamed response, one by one as they arrive: `for await (const item of stream)`. Leaving the loop
 * (`break`, `return`, a throw), `close()`, or the call's `signal` closes the connection at once. Iterated once; `tee()`
 * gives two independent readers. Declared here, apart from its class (stream.ts), so that a program whose client
 * never streams does not read the stream module.
 */
export interface Stream<T> extends AsyncIterable<T> {
  /** Closes the connection; a loop over the stream then ends. */
  close(): void;
  /** Two streams of the same items, each read at its own pace: the faster one's items wait for the slower, up to
   *  MAX_TEE_LAG of them; a branch further behind ends with a StreamError (the other reads on). */
  tee(): [Stream<T>, Stream<T>];
  /** The items as JSON Lines bytes: a Response body, a file, a pipe. */
  toReadableStream(): ReadableStream<Uint8Array>;
}

/** The dotted paths of a client's methods (`listDocuments`, `repos.get`): the keys of its operation specs. */
export type MethodPath<C> = { [K in keyof C & string]: C[K] extends (...args: never[]) => unknown ? K : `${K}.${MethodPath<C[K]>}` }[keyof C & string];

export interface Api {
  /** Calls an operation; `params.body` holds the request body. Returns data parsed by media type (NotModified for a
   *  304 to the caller's own If-None-Match parameter), throws ApiError subclasses. */
  call<T>(spec: OperationSpec, params: object | undefined, options?: CallOptions): ApiPromise<T>;
  /** Every page of a paging operation (spec.paging); no If-None-Match parameter (see pagination.ts). */
  pages<P>(spec: OperationSpec, params: object | undefined, options?: PageOptions): AsyncIterableIterator<WithNextPage<P>>;
  /** Every item of a paging operation, one page in memory at a time. */
  all<I>(spec: OperationSpec, params: object | undefined, options?: PageOptions): AsyncIterableIterator<I>;
  /** baseUrl + the sub API path, for the raw openapi-fetch client. */
  readonly baseUrl: string;
  /** The authenticated, retrying fetch, for the raw openapi-fetch client. */
  readonly fetch: typeof fetch;
}

/** A value inside an object or array parameter that a style other than deepObject can send: a primitive, a Date or
 *  an array of them. */
type FlatValue<V> = V extends Date ? V : V extends readonly (infer I)[] ? (I extends object ? (I extends Date ? V : never) : V) : V extends object ? never : V;

/** An object or array parameter as its style can send it (OpenAPI serialises nested objects only as deepObject): a
 *  nested object is `never`, so passing one does not compile (the runtime refuses it too). */
export type FlatParam<T> = T extends Date ? T : T extends readonly unknown[] ? { [K in keyof T]: FlatValue<T[K]> } : T extends object ? { [K in keyof T]: FlatValue<T[K]> } : T;

/** A sortable property, descending with a leading '-'. */
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

/** Where a value sits in a response body: property names from the top; `[]` is the body itself. */
export type BodyPath = readonly string[];

/**
 * How an operation pages (the model's Paging, with parameter keys): `offset` advanced by the items received; `page`
 * a number from `first`; `cursor` the value at `next` in the body; `item-cursor` the last item's `itemId` while
 * `hasMore`; `next-url` a URL at `next` in the body; `link` the `Link` header's rel="next". `size` (`limit`) is the
 * page size parameter, at most `limitMax`; `items` where a page's items are.
 */
export type PagingSpec = (
  | { style: 'offset'; offset: string; limit?: string; total?: BodyPath }
  | { style: 'page'; page: string; size?: string; first: number; total?: BodyPath }
  | { style: 'cursor'; cursor: string; next: BodyPath; size?: string; hasMore?: BodyPath }
  | { style: 'item-cursor'; cursor: string; itemId: BodyPath; hasMore: BodyPath; size?: string }
  | { style: 'next-url'; next: BodyPath; size?: string }
  | { style: 'link'; size?: string }
) & { items: BodyPath; limitMax?: number };

/** The options of pages() and all(): those of each page's call (`signal`, `retry`, `timeoutMs` per page), and the
 *  bound on pages. */
export interface PageOptions extends CallOptions {
  /** At most this many pages (default 1000): one more stops the iteration with a PaginationError. */
  maxPages?: number;
}

/** A page as pages() yields it: the data its call returns, and (not enumerable) whether there is a next page and the
 *  call for it, with the iteration's bounds. */
export type WithNextPage<P> = P & {
  hasNextPage(): boolean;
  /** The next page; rejects with a PaginationError where hasNextPage() is false or a bound stops the iteration. */
  getNextPage(): Promise<WithNextPage<P>>;
};

/** The items of a page at `Path` (property names from the body's top, `[]` the body itself). */
export type ItemsAt<Page, Path extends BodyPath> = [Page] extends [never]
  ? never
  : Path extends readonly [infer K extends string, ...infer Rest extends BodyPath]
    ? ItemsAt<K extends keyof NonNullable<Page> ? NonNullable<Page>[K] : never, Rest>
    : NonNullable<Page> extends readonly (infer I)[]
      ? I
      : never;

/** `meta` of a collection page. */
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

/** The item type of a page whose items are at `items` (optional or not). */
export type PageItem<Page> = ItemsAt<Page, ['items']>;

/** The arguments of pages() and all(). */
export type PageArgs<Params> = {} extends Params ? [params?: Params, options?: PageOptions] : [params: Params, options?: PageOptions];

/** A generated method of a paging operation: one page, or every item / page through async iterators. */
export interface PaginatedMethod<Params, Page, Item = PageItem<Page>> {
  (...args: MethodArgs<Params>): ApiPromise<Page>;
  all(...args: PageArgs<Params>): AsyncIterableIterator<Item>;
  pages(...args: PageArgs<Params>): AsyncIterableIterator<WithNextPage<Page>>;
}
