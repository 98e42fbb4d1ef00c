/** The attempt loop shared by operation calls and the raw fetch: bearer token, 401 refresh-once, retries. */
import { bearer, type TokenSource } from './auth.js';
import { isRetryableStatus, retryDelay, sleep, type RetryOptions } from './retry.js';

export interface SendPolicy {
  tokens: TokenSource | undefined;
  retry: RetryOptions | false;
}

/**
 * Runs `attempt` with the Authorization header value until a response is final. `retryable`: an idempotent
 * method with a replayable body; `replayable`: the body can be sent again (401 retry).
 */
export async function send(
  policy: SendPolicy,
  attempt: (authorization: string | undefined) => Promise<Response>,
  retryable: boolean,
  replayable: boolean,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const { tokens, retry } = policy;
  const retries = retry && retryable ? (retry.retries ?? 2) : 0;
  let retried = 0;
  let refreshed = false;
  let next: string | undefined;
  for (;;) {
    // Asked on every attempt (a backoff may outlast the token); the source caches it.
    const token = next ?? (tokens && (await tokens.getAccessToken()));
    next = undefined;
    let res: Response;
    try {
      res = await attempt(token ? bearer(token) : undefined);
    } catch (err) {
      if (retried >= retries || signal?.aborted) throw err;
      await sleep(retryDelay(retried++, retry || {}), signal);
      continue;
    }
    if (res.status === 401 && token && replayable && !refreshed) {
      // Once per call, and not counted as a retry.
      refreshed = true;
      discard(res);
      next = await tokens!.refreshAfterUnauthorized(token);
      continue;
    }
    if (retried < retries && isRetryableStatus(res.status)) {
      const delay = retryDelay(retried++, retry || {}, res.headers.get('retry-after'));
      discard(res);
      await sleep(delay, signal);
      continue;
    }
    return res;
  }
}

/** Releases a response we will not read, so the connection can be reused. */
function discard(res: Response): void {
  res.body?.cancel().catch(() => {});
}
