/** createApiCore: the lean request path of generated operation methods, and the fetch for the raw openapi-fetch client. */
import { NetworkError, TimeoutError } from './errors.js';
import { MemoryEtagCache, withEtag, type EtagCache } from './etag.js';
import { addHeaderParams, buildPath, compile, encodeBody, IDEMPOTENT, isReplayable, mergeHeaders, own } from './request.js';
import { contentType, decode, readRaw, toApiError } from './response.js';
import { send, type SendPolicy } from './send.js';
import type { Api, CallOptions, ClientOptions, OperationSpec } from './types.js';

/** Api without pages()/all(): what createApi builds on; a client with no paginated operation can use it alone. */
export type ApiCore = Omit<Api, 'pages' | 'all'>;

export function createApiCore(options: ClientOptions, apiPath: string): ApiCore {
  const root = options.baseUrl.replace(/\/*$/, '/') + apiPath;
  const defaults: Record<string, string> = {};
  mergeHeaders(defaults, options.headers);
  const policy: SendPolicy = { tokens: options.tokens, retry: options.retry ?? {} };
  const cache: EtagCache | undefined = options.etagCache === true ? new MemoryEtagCache() : options.etagCache || undefined;
  // Looked up at call time, so a fetch installed (or mocked) after createApi is used.
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function call<T>(spec: OperationSpec, params: object | undefined, o: CallOptions = {}): Promise<T> {
    const c = compile(spec);
    const p = (params ?? {}) as Record<string, unknown>;
    const url = root + buildPath(c, p);
    const headers = { ...defaults };
    const accept = o.accept ?? c.accept;
    if (accept) headers.accept = accept;
    addHeaderParams(c, p, headers);
    const input = own(p, 'body');
    const body = spec.body && input !== undefined ? encodeBody(spec.body.mediaType, input, headers) : undefined;
    mergeHeaders(headers, o.headers);
    const replayable = isReplayable(body);

    const key = cache && spec.etag && spec.method === 'GET' ? `${url}\n${accept}` : undefined;
    const cached = key ? cache!.get(key) : undefined;
    if (cached && headers['if-none-match'] === undefined) headers['if-none-match'] = cached.etag;

    let signal = o.signal;
    let timeout: AbortController | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (o.timeoutMs !== undefined) {
      const t = (timeout = new AbortController());
      timer = setTimeout(() => t.abort(new TimeoutError(o.timeoutMs!, `${spec.method} ${spec.path}`)), o.timeoutMs);
      signal = signal ? anySignal(signal, t.signal) : t.signal;
    }
    const init: RequestInit & { duplex?: 'half' } = { method: spec.method, headers, body, signal };
    if (!replayable) init.duplex = 'half'; // Node's fetch requires it for a stream body
    try {
      const res = await send(
        policy,
        (authorization) => {
          if (authorization) headers.authorization = authorization;
          return fetchFn(url, init);
        },
        c.idempotent && replayable,
        replayable,
        signal,
      );
      if (res.status === 304) {
        // Not Modified: the cached data, or nothing when the caller sent If-None-Match of their own.
        const hit = cached && headers['if-none-match'] === cached.etag;
        return (hit ? withEtag(decode(cached.body, cached.contentType), cached.etag) : undefined) as T;
      }
      if (!res.ok) throw await toApiError(res);
      const type = contentType(res, accept);
      const raw = await readRaw(res, type);
      const value = raw === undefined ? undefined : decode(raw, type, res);
      if (!spec.etag) return value as T;
      const etag = res.headers.get('etag');
      if (key) {
        if (etag && raw !== undefined && !/no-store/i.test(res.headers.get('cache-control') ?? '')) cache!.set(key, { etag, contentType: type, body: raw });
        else cache!.delete?.(key);
      }
      return withEtag(value, etag) as T;
    } catch (err) {
      if (timeout?.signal.aborted) throw timeout.signal.reason;
      // fetch signals network failures (and bodies cut off) with a TypeError; an abort keeps its own reason.
      if (err instanceof TypeError && !signal?.aborted) throw new NetworkError(`${spec.method} ${url} failed: ${err.message}`, { cause: err });
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  const rawFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const replayable = isReplayable(init?.body ?? undefined);
    return send(
      policy,
      (authorization) => {
        // A body can be read once: each attempt sends a copy.
        const r = req.body ? req.clone() : req;
        if (authorization) r.headers.set('authorization', authorization);
        return fetchFn(r);
      },
      IDEMPOTENT.includes(req.method) && replayable,
      replayable,
      req.signal,
    );
  };

  return { call, baseUrl: root, fetch: rawFetch as typeof fetch };
}

/** An AbortSignal that aborts when either does (AbortSignal.any where the platform has it). */
export function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const ctl = new AbortController();
  for (const s of [a, b]) {
    if (s.aborted) {
      ctl.abort(s.reason);
      break;
    }
    s.addEventListener('abort', () => ctl.abort(s.reason), { once: true });
  }
  return ctl.signal;
}
