/**
 * Codecs.replay: what keeps a write from being replayed into a misreport. A generated client imports it only when its
 * document has an operation that writes (a method other than GET, HEAD and QUERY): for the others it never applies.
 */
import { OutcomeUnknownError, type ApiError, type NetworkError } from './errors.js';

/** How the attempt loop (send.ts) and the call (core.ts) tell that an attempt of a write may have been applied. */
export interface Replay {
  /** A response after which the server may have applied the write (mayHaveActed). */
  acted(res: Response): boolean;
  /** A fetch error that says the request was never sent (wasNotSent). */
  unsent(err: unknown): boolean;
  /** The error of an attempt that may have been applied: an OutcomeUnknownError (made here, so that clients of
   *  read-only documents do not ship the class). */
  unknown(what: string, cause: NetworkError | ApiError, attempts: number): OutcomeUnknownError;
}

/**
 * A write that a replay would misreport once the first attempt may have been applied: a DELETE (the replay finds
 * nothing: 404) or a write with a precondition (the replay finds the version it made itself: 412). `has` tells
 * whether the request carries a header (lower-case name).
 */
export const misreportedByReplay = (method: string, has: (name: string) => boolean): boolean =>
  method === 'DELETE' || (method !== 'GET' && method !== 'HEAD' && method !== 'QUERY' && ['if-match', 'if-none-match', 'if-unmodified-since'].some(has));

/** After these the server may have applied a write: it failed midway (500), or a gateway lost or timed out on the
 *  origin (502, 504, and 503 without Retry-After, as proxies answer a connection reset upstream). 429, and 503 with
 *  Retry-After, say the request was refused before it was acted on. */
export const mayHaveActed = ({ status, headers }: Response): boolean => [500, 502, 504].includes(status) || (status === 503 && !headers.has('retry-after'));

/** Whether a fetch error says no connection was made, so the request was never sent: the codes Node's fetch gives as
 *  `cause` (refused, no such host, unreachable, connect timeout). Browsers give a bare TypeError: maybe sent. */
export const wasNotSent = (err: unknown): boolean =>
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|E(HOST|NET)UNREACH|UND_ERR_CONNECT_TIMEOUT)$/.test((err as { cause?: { code?: string } } | null)?.cause?.code as string);

const replay: Replay = { acted: mayHaveActed, unsent: wasNotSent, unknown: (what, cause, attempts) => new OutcomeUnknownError(what, cause, attempts) };

/** Codecs.replay: the Replay rules for a request that a replay would misreport (misreportedByReplay), else undefined. */
export const writeReplay = (method: string, has: (name: string) => boolean): Replay | undefined => (misreportedByReplay(method, has) ? replay : undefined);
