/** Retries of idempotent requests: exponential backoff with full jitter, honouring Retry-After. */

export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  retries?: number;
  /** Backoff base: attempt n waits random(0, baseDelayMs * 2^n) (default 300). */
  baseDelayMs?: number;
  /** Longest wait (default 10,000): backoff is capped by it; a Retry-After asking for longer makes the response final. */
  maxDelayMs?: number;
}

/**
 * Milliseconds before retry number `attempt` (0-based) after a response with `retryAfter` (the Retry-After header:
 * seconds or an HTTP date), or undefined when the response should be final: it asks for longer than `maxDelayMs`, and
 * waiting less would only hammer the server. Without a readable Retry-After, full-jitter backoff.
 */
export function retryDelay(attempt: number, options: RetryOptions, retryAfter: string | null, now = Date.now(), random = Math.random): number | undefined {
  const seconds = Number(retryAfter);
  const asked = retryAfter ? (isNaN(seconds) ? Date.parse(retryAfter) - now : seconds * 1000) : NaN;
  if (isNaN(asked)) return backoff(attempt, options, random);
  return asked > (options.maxDelayMs ?? 10_000) ? undefined : Math.max(asked, 0);
}

/** Full jitter: random(0, baseDelayMs * 2^attempt), capped by maxDelayMs. */
export function backoff(attempt: number, options: RetryOptions, random = Math.random): number {
  return Math.min(random() * (options.baseDelayMs ?? 300) * 2 ** attempt, options.maxDelayMs ?? 10_000);
}

/** Waits `ms`, rejecting with the signal's reason if it aborts first. */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted(); // rejects: a throw in the executor rejects the promise
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
