/**
 * One attempt of a request: fetch, with redirects of a request that carries a credential followed here rather than by
 * fetch (which drops only Authorization, Cookie and Proxy-Authorization on the way to another origin, so an API key
 * header, a key in a query the server copies into Location, and a 307's body would travel with it), and fetch's
 * refusals before sending told apart from network failures.
 */
import { RedirectError } from './errors.js';
import { hasUserinfo } from './loopback.js';

/** The TypeErrors of refused(): fetch never sent their request, and another attempt would change nothing. */
const refusals = new WeakSet<object>();
export const isRefusal = (err: unknown): boolean => refusals.has(err as object);

/**
 * Fetches `input` with `init` (its `headers` as given to fetch, its `method` set; its `redirect` is set here). With `credentialed`, redirects are
 * followed only within the origin (so only to https, or to http on the same loopback host), at most 20 as fetch does,
 * by fetch's rules for the method and body: a 303 (but to a HEAD), and a 301 or 302 to a POST, become a GET without a
 * body; a 307 or 308 keeps both, unless the body cannot be sent again (`replayable`: not a stream): that redirect is
 * then the answer. A redirect to another origin, or one a browser hides (an opaque redirect: a browser never shows a
 * manual redirect's target), ends in a RedirectError before anything is sent there. `what` names the request in
 * errors.
 */
export async function transmit(
  f: typeof fetch,
  input: string | Request,
  init: RequestInit & { headers: Record<string, string> },
  credentialed: boolean,
  replayable: boolean,
  what: string,
): Promise<Response> {
  let url = (input as Request).url ?? input;
  let { method } = init;
  let body = true;
  let origin: string | undefined;
  // Set on the caller's init rather than on a copy of it: no object per request on the common path (undefined:
  // fetch's default, or a Request's own).
  init.redirect = credentialed ? 'manual' : undefined;
  try {
    // The first request as given (a Request keeps its options); the next by URL.
    let res = await f(input, init);
    for (let hops = 0; credentialed; hops++) {
      const { status } = res;
      if (res.type === 'opaqueredirect') throw new RedirectError(what, 0);
      const location = status > 300 && status < 309 && (status < 304 || status > 306) && res.headers.get('location');
      if (typeof location !== 'string' || (status > 303 && body && !replayable)) break;
      discard(res);
      // The origin is parsed only once a redirect needs it.
      origin ??= new URL(url).origin;
      let next: URL | undefined;
      try {
        next = new URL(location, url);
      } catch {
        // not a URL: the error cannot show where
      }
      if (next?.origin !== origin) throw new RedirectError(what, status, next);
      // fetch's bound, and its error: a network error (a TypeError).
      if (hops === 20) throw new TypeError('redirect count exceeded');
      if (status === 303 ? method !== 'HEAD' : status < 303 && method === 'POST') [method, body] = ['GET', false];
      url = next.href;
      res = await f(url, { ...init, method, ...(body ? {} : { body: null, headers: bodyless(init.headers) }) });
    }
    return res;
  } catch (err) {
    throw refused(err, what, url, init.headers);
  }
}

/**
 * fetch refuses some requests before sending anything, with a TypeError that quotes what it refused (a header's
 * value, the URL with its credentials and query). It refuses exactly what the Fetch standard's URL and header checks
 * refuse, on every platform, and a network failure never fails them: so a TypeError after which they refuse the URL
 * or a header is such a refusal. It becomes a TypeError naming the header or the URL's fault, never a value, without
 * `cause`, and is never retried. Any other error is returned as it is.
 */
export function refused(err: unknown, what: string, url: string, headers: HeadersInit = {}): unknown {
  let why = '';
  if (err instanceof TypeError && !refusals.has(err)) {
    try {
      if (hasUserinfo(new URL(url))) why = 'its URL holds credentials';
    } catch {
      why = 'its URL is not valid';
    }
    for (const [name, value] of headers instanceof Headers || Array.isArray(headers) ? headers : Object.entries(headers)) {
      try {
        new Headers([[name, value!]]);
      } catch {
        why ||= `header ${/^[\w-]+$/.test(name) ? name : '(a name not valid)'} is not valid`;
      }
    }
  }
  if (!why) return err;
  const error = new TypeError(`${what}: refused before sending, ${why}`);
  refusals.add(error);
  return error;
}

/** Headers without those that describe a body: a redirect that drops the body drops them, as fetch does. */
function bodyless(headers: Record<string, string>): Record<string, string> {
  const out = { ...headers };
  for (const h of ['content-type', 'content-encoding', 'content-language', 'content-location']) delete out[h];
  return out;
}

/** Releases a response we will not read, so the connection can be reused. */
export function discard(res: Response): void {
  res.body?.cancel().catch(() => {});
}
