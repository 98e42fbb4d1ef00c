/** The runtime of docex's generated clients (copied verbatim into generated/runtime/). */
export { createApi, pages, all } from './api.js';
export { createApiCore, type ApiCore } from './core.js';
export { formBody } from './form-body.js';
export { styledQuery } from './query-styles.js';
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
  OutcomeUnknownError,
  TimeoutError,
  errorClassFor,
  type ErrorMessage,
} from './errors.js';
export type { TokenSource } from './auth.js';
export { MemoryEtagCache, NotModified, type EtagCache, type EtagEntry } from './etag.js';
export type { RetryOptions } from './retry.js';
export type {
  Api,
  CallOptions,
  ClientOptions,
  Codecs,
  CollectionPage,
  Expanded,
  ExtensibleEnum,
  HttpMethod,
  MethodArgs,
  OperationSpec,
  PageItem,
  PageMeta,
  PaginatedMethod,
  ParamSpec,
  ResultFor,
  SortParam,
  WithEtag,
} from './types.js';
