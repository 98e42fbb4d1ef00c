/** Retries of idempotent requests: exponential backoff with full jitter, honouring Retry-After. */

export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  retries?: number;
  /** Backoff base: attempt n waits random(0, baseDelayMs * 2^n) (default 300). */
  baseDelayMs?: number;
  /** Cap of any wait, Retry-After included (default 10,000). */
  maxDelayMs?: number;
}

/** Milliseconds before retry number `attempt` (0-based): Retry-After if the response has one, else full jitter. */
export function retryDelay(attempt: number, options: RetryOptions, retryAfter?: string | null, now = Date.now(), random = Math.random): number {
  const ms = retryAfterMs(retryAfter, now);
  return Math.min(isNaN(ms) ? random() * (options.baseDelayMs ?? 300) * 2 ** attempt : Math.max(ms, 0), options.maxDelayMs ?? 10_000);
}

/** Retry-After in milliseconds: seconds, or an HTTP date (NaN for anything else, including no header). */
export function retryAfterMs(retryAfter: string | null | undefined, now = Date.now()): number {
  const s = Number(retryAfter);
  return retryAfter ? (isNaN(s) ? Date.parse(retryAfter) - now : s * 1000) : NaN;
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
