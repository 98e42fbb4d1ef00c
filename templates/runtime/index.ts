/** The runtime the generated clients import (generated: regenerate it, do not edit it). The codecs (body.ts,
 *  param-styles.ts, querystring.ts, credentials.ts, error-body.ts) are not re-exported: a client imports each from
 *  its own module when its document needs it, and a program that imports this index does not parse the others. */
export { createApi, pages, all } from './api.js';
export { createApiCore, type ApiCore } from './core.js';
export { ApiPromise, type WithResponse } from './api-promise.js';
export {
  ApiError,
  BadRequestError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  NotAcceptableError,
  ConflictError,
  PreconditionFailedError,
  UnsupportedMediaTypeError,
  InternalServerError,
  NetworkError,
  RedirectError,
  OutcomeUnknownError,
  PaginationError,
  TimeoutError,
  UnexpectedBodyError,
  ValidationError,
  errorClassFor,
  type ErrorMessage,
  type PaginationStop,
} from './errors.js';
export type { TokenSource } from './auth.js';
export { MemoryEtagCache, NotModified, type EtagCache, type EtagEntry } from './etag.js';
export type { RetryOptions } from './retry.js';
// Types only: the stream module loads with a client that streams (its StreamError is exported by that client).
export type { ServerSentEvent, Stream } from './stream.js';
export type { Issue, StandardSchemaV1 } from './validate.js';
export type {
  Api,
  AuthOptions,
  BasicCredentials,
  BodyPath,
  BodySpec,
  CallOptions,
  ClientOptions,
  ClientSettings,
  Codecs,
  CollectionPage,
  Credential,
  DocumentSecuritySpec,
  EncodingSpec,
  ErrorSpec,
  ErrorStatus,
  Expanded,
  ExtensibleEnum,
  FlatParam,
  HttpMethod,
  ItemsAt,
  MethodArgs,
  MethodPath,
  OperationSpec,
  PageArgs,
  PageItem,
  PageMeta,
  PageOptions,
  PaginatedMethod,
  PagingSpec,
  ParamSpec,
  ResultFor,
  SchemeSpec,
  SecuritySpec,
  SortParam,
  StreamSpec,
  ValidateMode,
  WithEtag,
  WithNextPage,
} from './types.js';
