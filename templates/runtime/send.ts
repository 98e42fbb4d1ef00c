/** The attempt loop shared by operation calls and the raw fetch: bearer token, 401 refresh-once, retries. */
import { isIdempotent } from './request.js';
import { backoff, retryDelay, sleep, type RetryOptions } from './retry.js';
import type { ClientOptions } from './types.js';
import { discard, isRefusal } from './transmit.js';

/** Statuses worth another attempt of an idempotent request: the server or a gateway failed for now, or asked us to
 *  slow down (429). */
const transient = new Set([429, 500, 502, 503, 504]);

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

/** The retry options when none are given (one object for all calls, never changed). */
const defaults: RetryOptions = {};

/**
 * Runs `attempt` with the Authorization header value until a response is final. `replayable`: the body can be
 * sent again (after a 401, once per call and not counted as a retry); with an idempotent `method` it is also
 * retried on network errors (not fetch's refusals before sending: transmit.ts) and 429/500/502/503/504, unless Retry-After asks for a wait beyond `maxDelayMs` (the
 * response is then final: waiting less would only hammer the server). `misreported` (misreportedByReplay): once an
 * attempt may have been applied (a network error after connecting, or mayHaveActed), that answer is final.
 */
export async function send(
  { tokens, retry = defaults }: Pick<ClientOptions, 'tokens' | 'retry'>,
  attempt: (authorization: string | undefined) => Promise<Response>,
  method: string,
  replayable: boolean,
  signal: AbortSignal | null | undefined,
  misreported?: boolean,
): Promise<Response> {
  const retries = retry && replayable && isIdempotent(method) ? (retry.retries ?? 2) : 0;
  let retried = 0;
  let refreshed = false;
  let next: string | undefined;
  const options = retry || defaults;
  for (;;) {
    // Asked on every attempt (a backoff may outlast the token); the source caches it.
    const token = next ?? (await tokens?.getAccessToken());
    next = undefined;
    let res: Response;
    try {
      res = await attempt(token && `Bearer ${token}`);
    } catch (err) {
      // No response, so no Retry-After to honour: back off while the budget lasts.
      if (retried >= retries || signal?.aborted || isRefusal(err) || (misreported && !wasNotSent(err))) throw err;
      await sleep(backoff(retried++, options), signal);
      continue;
    }
    if (res.status === 401 && token && replayable && !refreshed) {
      refreshed = true;
      discard(res);
      next = await tokens!.refreshAfterUnauthorized(token);
      continue;
    }
    // One reading of Retry-After decides both whether to wait and for how long.
    const delay =
      retried < retries && transient.has(res.status) && !(misreported && mayHaveActed(res)) ? retryDelay(retried++, options, res.headers.get('retry-after')) : undefined;
    if (delay === undefined) return res;
    discard(res);
    await sleep(delay, signal);
  }
}
