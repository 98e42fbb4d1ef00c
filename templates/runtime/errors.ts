/**
 * Errors thrown by generated clients (web-api-conventions section 7).
 * Messages never contain request headers, so the Authorization header and tokens cannot leak into them.
 */

/** One message object of an error response (conventions 7.1). */
export interface ErrorMessage {
  technicalMessage: string;
  errorCode?: string;
  description?: string;
}

/** An HTTP error status. `messages` is always an array: the server may send one message object or an array. */
export class ApiError extends Error {
  // `declare` + assignment in the constructor: class fields cost a helper call each once bundled for ES2020.
  declare readonly status: number;
  declare readonly messages: readonly ErrorMessage[];
  /** The response; its body has already been read. */
  declare readonly response: Response | undefined;
  /** The raw body (truncated) when it was not the documented error shape, e.g. an HTML page from a proxy. */
  declare readonly rawText: string | undefined;

  constructor(status: number, messages: readonly ErrorMessage[], response?: Response, detail?: string, rawText?: string) {
    const text = messages.map((m) => m.technicalMessage).join('; ') || detail;
    super(`HTTP ${status}${text ? `: ${text}` : ''}`);
    this.status = status;
    this.messages = messages;
    this.response = response;
    this.rawText = rawText;
  }

  // The first message's fields, as getters (not own properties: JSON.stringify and spreads leave them out).
  /** The first message's `technicalMessage`. */
  get technicalMessage(): string | undefined {
    return this.messages[0]?.technicalMessage;
  }
  /** The first message's `errorCode`. */
  get errorCode(): string | undefined {
    return this.messages[0]?.errorCode;
  }
  /** The first message's `description`. */
  get description(): string | undefined {
    return this.messages[0]?.description;
  }
}

export class BadRequestError extends ApiError {}
export class UnauthorizedError extends ApiError {}
export class ForbiddenError extends ApiError {}
export class NotFoundError extends ApiError {}
export class NotAcceptableError extends ApiError {}
export class ConflictError extends ApiError {}
export class PreconditionFailedError extends ApiError {}
export class UnsupportedMediaTypeError extends ApiError {}
export class InternalServerError extends ApiError {}

/** The request did not get a response (DNS, connection refused or reset, CORS...). `cause` holds the platform error. */
export class NetworkError extends Error {}

/**
 * A write that may have been applied, with no answer saying whether it was: a DELETE, or a write with a precondition
 * (`If-Match`), whose connection dropped after it was sent, or that got 500, 502, 504 or a 503 without Retry-After.
 * It is not retried: a replay would misreport the write's own success (404 for the DELETE, 412 for the write). Read
 * the resource to learn the outcome before writing again. `cause`: the NetworkError or ApiError of the last attempt.
 */
export class OutcomeUnknownError extends Error {
  declare readonly cause: NetworkError | ApiError;
  /** Attempts sent, the last included (earlier ones were answered 401, 429 or 503 with Retry-After: not applied). */
  declare readonly attempts: number;
  constructor(what: string, cause: NetworkError | ApiError, attempts: number) {
    super(`${what} may have been applied, not retried: ${cause.message}`, { cause });
    this.attempts = attempts;
  }
}

/** The call did not complete within `timeoutMs` (all attempts included). */
export class TimeoutError extends Error {
  declare readonly timeoutMs: number;
  constructor(timeoutMs: number, what: string) {
    super(`${what} timed out after ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

const byStatus: Record<number, typeof ApiError> = {};
// `name` lives on each prototype (as Error's does), so it is the class name even in minified bundles.
for (const [C, name, status] of [
  [ApiError, 'ApiError'],
  [BadRequestError, 'BadRequestError', 400],
  [UnauthorizedError, 'UnauthorizedError', 401],
  [ForbiddenError, 'ForbiddenError', 403],
  [NotFoundError, 'NotFoundError', 404],
  [NotAcceptableError, 'NotAcceptableError', 406],
  [ConflictError, 'ConflictError', 409],
  [PreconditionFailedError, 'PreconditionFailedError', 412],
  [UnsupportedMediaTypeError, 'UnsupportedMediaTypeError', 415],
  [InternalServerError, 'InternalServerError', 500],
  [NetworkError, 'NetworkError'],
  [OutcomeUnknownError, 'OutcomeUnknownError'],
  [TimeoutError, 'TimeoutError'],
] as unknown as [typeof ApiError, string, number?][]) {
  C.prototype.name = name;
  if (status) byStatus[status] = C;
}

/** The class for a status: one subclass per status of the conventions, ApiError for the others. */
export function errorClassFor(status: number): typeof ApiError {
  return byStatus[status] ?? ApiError;
}

/** The name of the class thrown for a status as a document declares it (`404`, `4XX`, `default`): the generated
 *  methods' `@throws`. */
export function errorClassName(status: string): string {
  return (/^\d{3}$/.test(status) ? errorClassFor(Number(status)) : ApiError).prototype.name;
}
