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
  TimeoutError,
  UnexpectedBodyError,
  ValidationError,
  errorClassFor,
  type ErrorMessage,
} from './errors.js';
export type { TokenSource } from './auth.js';
export { MemoryEtagCache, NotModified, type EtagCache, type EtagEntry } from './etag.js';
export type { RetryOptions } from './retry.js';
export type { Issue, StandardSchemaV1 } from './validate.js';
export type {
  Api,
  AuthOptions,
  BasicCredentials,
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
  MethodArgs,
  MethodPath,
  OperationSpec,
  PageItem,
  PageMeta,
  PaginatedMethod,
  ParamSpec,
  ResultFor,
  SchemeSpec,
  SecuritySpec,
  SortParam,
  ValidateMode,
  WithEtag,
} from './types.js';
