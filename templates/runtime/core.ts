/** createApiCore: the request path of generated operation methods, and the fetch for the raw openapi-fetch client. */
import { ApiPromise, type Exchange } from './api-promise.js';
import { NetworkError, TimeoutError, ValidationError } from './errors.js';
import { MemoryEtagCache, notModified, withEtag, type EtagCache } from './etag.js';
import { hasUserinfo, isLoopbackHost } from './loopback.js';
import { buildPath, encodeBody, isReplayable, lowerCase, own } from './request.js';
import { accepts, decode, nonEmpty, readRaw, toApiError, unexpected } from './response.js';
import { writeReplay } from './replay.js';
import { send } from './send.js';
import { isRefusal, refused, transmit } from './transmit.js';
import type { Api, AuthOptions, CallOptions, ClientOptions, Codecs, OperationSpec } from './types.js';

/** The options of a call that passes none (one object for all, never changed). */
const none: CallOptions = {};

/** Api without pages()/all(): what createApi builds on; a client with no paginated operation can use it alone. */
export type ApiCore = Omit<Api, 'pages' | 'all'>;

/** What generated operation methods use: call() and the API root, without the raw client's fetch (so it tree-shakes).
 *  `codecs`: the form-body and query-style encoders, for the operations that need them. */
/** The API's validators.js, which a build that copies no .js files (tsc to an outDir) leaves out: said, never
 *  skipped. Not a TypeError, which a call reports as a NetworkError. */
export async function validators(codecs: Codecs) {
  try {
    return await codecs.validators!();
  } catch (cause) {
    throw new Error('validate: validators.js did not load; copy it next to client.js (tsc copies no .js files)', { cause });
  }
}

export function createCaller(options: ClientOptions & AuthOptions, apiPath: string, codecs: Codecs = {}): Pick<Api, 'call' | 'baseUrl'> {
  // A credential given as a client header (`authorization`, `cookie`, `x-api-key`…, or one the document's apiKey
  // schemes name) is a secret too.
  const named = codecs.auth?.headers;
  const secret = !!(options.tokens || options.auth || secretHeader(options.headers, named));
  const root = checkBaseUrl(options.baseUrl, secret) + apiPath;
  const cache: EtagCache | undefined = options.etagCache === true ? new MemoryEtagCache() : options.etagCache || undefined;

  function call<T>(spec: OperationSpec, params: object | undefined, o: CallOptions = none): ApiPromise<T> {
    return new ApiPromise(exchange<T>(spec, params, o));
  }

  /** Sends the call and answers once the response's status is final, with how to read its body (see ApiPromise). */
  async function exchange<T>(spec: OperationSpec, params: object | undefined, o: CallOptions): Promise<Exchange<T>> {
    const p = (params ?? {}) as Record<string, unknown>;
    const { method, etag } = spec;
    const headers = lowerCase(options.headers);
    const accept = o.accept ?? (spec.accept.join(', ') || undefined);
    if (accept) headers.accept = accept;
    const shared = headers['if-none-match'];
    // An operation's own server: where the caller sends it (by the URL the document names it with), else that URL.
    const server = spec.server && checkBaseUrl(new URL(options.servers?.[spec.server] ?? spec.server, root).href, secret);
    const url = (server || root) + buildPath(spec, p, headers, codecs);
    // With the operation's credentials: an API key in the query stays out of `url`, which error messages show. The
    // token source only where the operation's security asks for it.
    let target = url;
    let token = true;
    let attached = false;
    if (codecs.auth) [target, token, attached] = codecs.auth(spec, options, url, headers);
    // Changed only by the operation's own If-None-Match parameter: a 304 to it may give NotModified.
    const asked = headers['if-none-match'] !== shared;
    const input = own(p, 'body');
    const body = spec.body && input !== undefined ? encodeBody(spec.body, input, headers, codecs) : undefined;
    // A call's credential header is held to the client's: not over plain http but to a loopback host.
    if (secretHeader(o.headers, named)) checkBaseUrl(url);
    if (o.headers) Object.assign(headers, lowerCase(o.headers));
    // Headers the caller gives may be credentials too: with any credential, redirects stay within the origin.
    const credentialed = attached || !!(options.headers || o.headers);
    const what = `${method} ${spec.path}`;
    const replayable = isReplayable(body);
    // Only a write a replay would misreport has these rules (Codecs.replay: clients of documents that write).
    const replay = method !== 'GET' ? codecs.replay?.(method, (h) => headers[h] !== undefined) : undefined;
    let attempts = 0;
    let res: Response | undefined;

    // The URL names the representation, and its Accept too unless the call chose one.
    const key = cache && etag && method === 'GET' && (o.accept ? `${url}\n${accept}` : url);
    const cached = key ? cache!.get(key) : undefined;
    if (cached) headers['if-none-match'] ??= cached.etag;

    const timeout = o.timeoutMs != null && AbortSignal.timeout(o.timeoutMs);
    const signal = timeout && o.signal ? AbortSignal.any([o.signal, timeout]) : timeout || o.signal;
    // duplex: Node's fetch requires it for a stream body; other platforms ignore it.
    const init = { method, headers, body, signal, duplex: 'half', redirect: undefined as RequestRedirect | undefined };
    const idHeader = options.requestIdHeader;
    // Opt-in validation: the API's validators.js, loaded at the first call that asks for it.
    const mode = o.validate ?? options.validate;
    const check = mode && mode !== 'off';
    /** A failure as the caller meets it: a timeout, a network error, or (a write that may have been applied) the
     *  outcome unknown. */
    const failed = (err: unknown): never => {
      if (timeout && timeout.aborted) throw new TimeoutError(o.timeoutMs!, what);
      // fetch signals network failures (and bodies cut off) with a TypeError; an abort keeps its own reason, and a
      // refusal before sending its own TypeError.
      if (err instanceof TypeError && !signal?.aborted && !isRefusal(err)) {
        const error = new NetworkError(`${method} ${url} failed: ${err.message}`, { cause: err });
        // No response (a body cut off after one is a NetworkError), and the request may have been sent.
        throw replay && !res && !replay.unsent(err) ? replay.unknown(`${method} ${url}`, error, attempts) : error;
      }
      throw err;
    };
    try {
      res = await send(
        // The token source only where the operation asks for it; the call's own retry policy, else the client's.
        token ? options.tokens : undefined,
        o.retry ?? options.retry,
        (authorization) => {
          attempts++;
          if (authorization) headers.authorization = authorization;
          // Looked up at call time, so a fetch installed (or mocked) after the client was made is used.
          return transmit(options.fetch ?? fetch, target, init, !!authorization || credentialed, replayable, what);
        },
        method,
        replayable,
        signal,
        replay,
      );
    } catch (err) {
      return failed(err);
    }
    const response = res;
    if (response.status === 304) {
      const value = notModified(response, headers['if-none-match'], cached, asked) as T;
      return [response, async () => value, idHeader];
    }
    if (!response.ok) {
      const copy = check && response.clone();
      const error = await toApiError(response, spec.errors && codecs.error?.bind(0, spec.errors), idHeader);
      if (copy) await (await validators(codecs)).check(mode!, spec, copy, undefined, error, ValidationError);
      throw replay?.acted(response) ? replay.unknown(`${method} ${url}`, error, attempts) : error;
    }
    // Its failures go through failed() inside it rather than through a .catch(): one promise fewer per call.
    const read = async (): Promise<T> => {
      try {
        // The media type a body is read as: its Content-Type, else the first type asked for ('': a Blob).
        const type = response.headers.get('content-type') ?? accept?.split(',')[0] ?? '';
        if (accept && !accepts(accept, type)) throw await unexpected(response, `a ${type} body, not the ${accept} asked for`, idHeader);
        const raw = nonEmpty(await readRaw(response, type));
        // An operation that documents a body gets one, except in the statuses that have none.
        if (raw === undefined && accept && method !== 'HEAD' && response.status !== 204 && response.status !== 205)
          throw await unexpected(response, `an empty body where ${accept} was documented`, idHeader);
        const value = decode(raw, type, response, idHeader);
        if (check) await (await validators(codecs)).check(mode!, spec, response, value, undefined, ValidationError);
        if (!etag) return value as T;
        const tag = response.headers.get('etag');
        if (key) {
          if (!tag || raw === undefined || /no-store/i.test(response.headers.get('cache-control') ?? '')) cache!.delete?.(key);
          // A 200 with the ETag already stored (a server that ignored If-None-Match) is the same representation.
          else if (cached?.etag !== tag || cached.contentType !== type) cache!.set(key, { etag: tag, contentType: type, body: raw });
        }
        return withEtag(value, tag) as T;
      } catch (err) {
        return failed(err);
      }
    };
    let data: Promise<T> | undefined;
    return [response, () => (data ??= read()), idHeader];
  }

  return { call, baseUrl: root };
}

/** `codecs`: the encoders hand-written specs need (none: the raw client's fetch alone ships none of them). */
export function createApiCore(options: ClientOptions, apiPath: string, codecs?: Codecs): ApiCore {
  const rawFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const what = `raw ${init?.method ?? (input as Request).method ?? 'GET'}`;
    let req: Request;
    try {
      req = new Request(input, init);
    } catch (e) {
      throw refused(e, what, (input as Request).url ?? String(input), init?.headers);
    }
    const { method, signal } = req;
    const replayable = isReplayable(init?.body);
    // A body can be read once: one that can be sent again is read here, for each request to send.
    const body = req.body && (replayable ? await req.clone().arrayBuffer() : req.body);
    // A header beyond the CORS-safelisted ones may be a credential the caller set: redirects then stay within the origin.
    const credentialed = !!options.tokens || [...req.headers.keys()].some((h) => !/^(accept|content-type|content-language|accept-language)$/.test(h));
    return send(
      options.tokens,
      options.retry,
      (authorization) => {
        const headers = Object.fromEntries(req.headers);
        if (authorization) headers.authorization = authorization;
        return transmit(options.fetch ?? fetch, req, { method, headers, body, signal, duplex: 'half' } as RequestInit & { headers: Record<string, string> }, credentialed, replayable, what);
      },
      method,
      replayable,
      signal,
      writeReplay(method, (h) => req.headers.has(h)),
    );
  };
  return { ...createCaller(options, apiPath, { replay: writeReplay, ...codecs }), fetch: rawFetch as typeof fetch };
}

/** Whether headers hold one named like a credential (`authorization`, `cookie`, `x-api-key`…) or in `named` (lower
 *  case: the document's apiKey header names). */
const secretHeader = (h?: Record<string, string>, named?: readonly string[]) =>
  !!h && Object.keys(h).some((k) => /auth|cookie|key|token|secret/i.test(k) || !!named?.includes(k.toLowerCase()));

/**
 * With `secret` (a token source, credentials or a credential header is configured), plain http is
 * refused except to a loopback host (a local sandbox); without, http is as good as https. A relative baseUrl
 * resolves against the page in a browser. The message names the origin, never a path or query.
 */
export function checkBaseUrl(baseUrl: string, secret = true): string {
  const u = new URL(baseUrl, (globalThis as { location?: { href: string } }).location?.href);
  if (hasUserinfo(u)) throw new TypeError(`baseUrl must not hold credentials (give them in auth): refused ${u.protocol}//${u.host}`);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && (!secret || isLoopbackHost(u.hostname))))
    throw new TypeError(`baseUrl must be https${secret ? ' with credentials (http only to a loopback host such as 127.0.0.1)' : ''}: refused ${u.protocol}//${u.host}`);
  return u.href.replace(/\/*$/, '/');
}
