/**
 * Errors thrown by generated clients.
 * No printable form of an error (message, stack, String(), JSON, util.inspect, cause) holds a request header or a
 * query API key: messages name the path without the credentials' query, and the response (whose `url` holds them) is
 * a getter, not an own property that JSON.stringify or util.inspect would show.
 */

/** Each ApiError's response, off its own properties. */
const responses = new WeakMap<object, Response>();

/**
 * The request id a response carries, for a support ticket: the header `name` when given and present, else the first
 * present of x-request-id, request-id and any x-<vendor>-request-id (GitHub's x-github-request-id).
 */
export function requestIdOf(headers: Headers, name?: string): string | undefined {
  for (const h of [name, 'x-request-id', 'request-id']) if (h && headers.has(h)) return headers.get(h)!;
  for (const [h, v] of headers) if (/^x-.+-request-id$/.test(h)) return v;
}

/** One message object of an error response (`{ technicalMessage, errorCode?, description? }`). */
export interface ErrorMessage {
  technicalMessage: string;
  errorCode?: string;
  description?: string;
}

/** The most characters of a body an error keeps as `rawText` (and, for a body that is not the one declared, the most
 *  read of it: textStart in response.ts). */
export const RAW_CHARS = 2000;

/** What ApiError and UnexpectedBodyError share: the response's status, raw body, request id and the response. */
class HttpError extends Error {
  // `declare` + assignment in the constructor: class fields cost a helper call each once bundled for ES2020.
  declare readonly status: number;
  /** The raw body as the server sent it (truncated), whatever its shape: e.g. an HTML page from a proxy. */
  declare readonly rawText: string | undefined;
  /** The response's request id (see requestIdOf): quote it to the API's support. */
  declare readonly requestId: string | undefined;

  /** `rawText`: the body as read, kept up to 2,000 characters. `idHeader`: the client's request id header
   *  (ClientSettings.requestIdHeader). */
  constructor(message: string, status: number, response?: Response, rawText?: string, idHeader?: string) {
    super(message);
    this.status = status;
    if (response) responses.set(this, response);
    this.rawText = rawText?.slice(0, RAW_CHARS) || undefined;
    this.requestId = response && requestIdOf(response.headers, idHeader);
  }

  /** The response; its body has already been read. Its `url` may hold a query API key: log `status`, not it. */
  get response(): Response | undefined {
    return responses.get(this);
  }
}

/**
 * An HTTP error status. `message` is the status and the API's own words, e.g. `404 Not Found` (see toApiError).
 * `messages` is always an array: the server may send one message object or an array. `body`: the parsed body when
 * the document declares one for the status and the response has its shape (generated clients export, per operation,
 * the union of the errors it declares, e.g. `ApiError<NotFoundBody, 404>`).
 */
export class ApiError<Body = unknown, Status extends number = number> extends HttpError {
  declare readonly status: Status;
  declare readonly messages: readonly ErrorMessage[];
  /** The body the document declares for this status, parsed; undefined when it declares none or this one is not
   *  of its shape (`rawText` has it as sent). */
  declare readonly body: Body | undefined;

  /** `detail`: what follows the status in `message`. */
  constructor(status: number, messages: readonly ErrorMessage[], response?: Response, detail?: string, rawText?: string, body?: Body, idHeader?: string) {
    super(`${status}${detail ? ` ${detail}` : ''}`, status, response, rawText, idHeader);
    this.messages = messages;
    this.body = body;
  }

  /** The first message's `technicalMessage`. */
  declare readonly technicalMessage: string | undefined;
  /** The first message's `errorCode`. */
  declare readonly errorCode: string | undefined;
  /** The first message's `description`. */
  declare readonly description: string | undefined;
}

// The first message's fields, as getters (not own properties: JSON.stringify and spreads leave them out).
for (const k of ['technicalMessage', 'errorCode', 'description'] as const)
  Object.defineProperty(ApiError.prototype, k, {
    get(this: ApiError) {
      return this.messages[0]?.[k];
    },
  });

export class BadRequestError extends ApiError {}
export class UnauthorizedError extends ApiError {}
export class ForbiddenError extends ApiError {}
export class NotFoundError extends ApiError {}
export class NotAcceptableError extends ApiError {}
export class ConflictError extends ApiError {}
export class PreconditionFailedError extends ApiError {}
export class UnsupportedMediaTypeError extends ApiError {}
export class InternalServerError extends ApiError {}

/**
 * A success status whose body is not what the operation documents: none where the document declares one, another
 * media type than the one asked for (a proxy's login page), or JSON that does not parse. Not an ApiError, so code
 * that handles error statuses does not take it for one: the server answered success, and may have acted on the call.
 * A body of another media type is read only up to its first 2,000 characters, for at most 1 s, and the rest cancelled:
 * one that never ends (a stream sent to a call that is not one) or a huge one neither hangs the call nor is held.
 */
export class UnexpectedBodyError extends HttpError {
  constructor(status: number, what: string, response?: Response, rawText?: string, idHeader?: string) {
    super(`${status} with ${what}`, status, response, rawText, idHeader);
  }
}

/**
 * A response body that does not match the document's schema for its operation and status (ClientSettings.validate;
 * made by validate.ts). `body` is the body as parsed; `issues` (Standard Schema's) say what is wrong and where. The
 * message names the operation, the status and the first issues, never a value of the body.
 */
export class ValidationError extends Error {
  declare readonly operation: string;
  declare readonly status: number;
  declare readonly issues: readonly { readonly message: string; readonly path: readonly PropertyKey[] }[];
  declare readonly body: unknown;
}

/** The request did not get a response (DNS, connection refused or reset, CORS...). `cause` holds the platform error. */
export class NetworkError extends Error {}

/**
 * A request that carries a credential (a token, an `auth` credential, a header given in `headers`) was redirected to
 * another origin, or where a browser does not show (an opaque redirect): not followed, so the credential stays with
 * the origin it was meant for. `location`: where it pointed, without query or fragment (undefined when not shown).
 */
export class RedirectError extends Error {
  declare readonly status: number;
  declare readonly location: string | undefined;
  constructor(what: string, status: number, location?: URL) {
    const where = location && location.origin + location.pathname;
    super(`${what}: redirected (${status || 'opaque'}) to ${where ?? 'an unknown place'}, not followed with its credentials`);
    this.status = status;
    this.location = where;
  }
}

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

  // A getter, not an entry of the table below: it keeps the class out of the bundles of clients that only read
  // (replay.ts makes it).
  override get name(): string {
    return 'OutcomeUnknownError';
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

/** Why an iteration stopped: `repeated` (a cursor or URL seen before), `max-pages` (the bound), `origin` (a next page
 *  on another origin, not requested), `last-page` (getNextPage() where hasNextPage() is false). */
export type PaginationStop = 'repeated' | 'max-pages' | 'origin' | 'last-page';

/** A pagination that cannot go on: the message names the operation and, for `origin`, the other host, never a
 *  credential or a query. */
export class PaginationError extends Error {
  declare readonly reason: PaginationStop;
  constructor(what: string, reason: PaginationStop, detail: string) {
    super(`${what}: ${detail}`);
    this.reason = reason;
  }

  // A getter, not the prototype assignment below: it keeps the class out of bundles that never page.
  override get name(): string {
    return 'PaginationError';
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
  [UnexpectedBodyError, 'UnexpectedBodyError'],
  [NetworkError, 'NetworkError'],
  [RedirectError, 'RedirectError'],
  [TimeoutError, 'TimeoutError'],
  [ValidationError, 'ValidationError'],
] as unknown as [typeof ApiError, string, number?][]) {
  C.prototype.name = name;
  if (status) byStatus[status] = C;
}

/** The class for a status: one subclass per common error status, ApiError for the others. */
export function errorClassFor(status: number): typeof ApiError {
  return byStatus[status] ?? ApiError;
}

/** The name of the class thrown for a status as a document declares it (`404`, `4XX`, `default`): the generated
 *  methods' `@throws`. */
export function errorClassName(status: string): string {
  return (/^\d{3}$/.test(status) ? errorClassFor(Number(status)) : ApiError).prototype.name;
}
