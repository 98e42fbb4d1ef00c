/** The attempt loop shared by operation calls and the raw fetch: bearer token, 401 refresh-once, retries. */
import { isIdempotent } from './request.js';
import { backoff, retryDelay, sleep, type RetryOptions } from './retry.js';
import type { Replay } from './replay.js';
import type { ClientOptions } from './types.js';
import { discard, isRefusal } from './transmit.js';

/** Statuses worth another attempt of an idempotent request: the server or a gateway failed for now, or asked us to
 *  slow down (429). */
const transient = new Set([429, 500, 502, 503, 504]);

/** The retry options when none are given (one object for all calls, never changed). */
const defaults: RetryOptions = {};

/**
 * Runs `attempt` with the Authorization header value (from `tokens`) until a response is final, by `retry`. `replayable`: the body can be
 * sent again (after a 401, once per call and not counted as a retry); with an idempotent `method` it is also
 * retried on network errors (not fetch's refusals before sending: transmit.ts) and 429/500/502/503/504, unless Retry-After asks for a wait beyond `maxDelayMs` (the
 * response is then final: waiting less would only hammer the server). `replay` (for a write a replay would
 * misreport, replay.ts): once an attempt may have been applied (a network error after connecting, or a response after
 * which the server may have acted), that answer is final.
 */
export async function send(
  tokens: ClientOptions['tokens'],
  retry: ClientOptions['retry'] = defaults,
  attempt: (authorization: string | undefined) => Promise<Response>,
  method: string,
  replayable: boolean,
  signal: AbortSignal | null | undefined,
  replay?: Replay,
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
      if (retried >= retries || signal?.aborted || isRefusal(err) || (replay && !replay.unsent(err))) throw err;
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
      retried < retries && transient.has(res.status) && !replay?.acted(res) ? retryDelay(retried++, options, res.headers.get('retry-after')) : undefined;
    if (delay === undefined) return res;
    discard(res);
    await sleep(delay, signal);
  }
}
