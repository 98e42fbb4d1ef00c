// Transport safety: token (and API) URLs must be https, except plain http to a loopback host for local sandboxes.
import { TokenError } from './errors.js';

export function isLoopbackHost(hostname: string): boolean {
  return /^(localhost|\[::1\]|127(\.\d{1,3}){3})$/.test(hostname);
}

/** Returns the URL without a trailing slash; throws TokenError('insecure_url' | 'invalid_config'). */
export function checkServiceUrl(url: string, what: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new TokenError('invalid_config', `${what} is not an absolute URL.`);
  }
  if (u.username || u.password || u.search || u.hash) throw new TokenError('invalid_config', `${what} must not contain credentials, a query or a fragment.`);
  if (u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname))) return u.href.replace(/\/+$/, '');
  throw new TokenError('insecure_url', `${what} ${u.origin} is refused: use https (plain http only to loopback hosts).`);
}
