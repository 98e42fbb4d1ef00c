// Transport safety: token (and API) URLs must be https, except plain http to a loopback host for local sandboxes.
import { TokenError } from './errors.js';

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Returns the URL without a trailing slash; throws TokenError('insecure_url' | 'invalid_config'). */
export function checkServiceUrl(url: string, what: string): string {
  let u: URL | undefined;
  try {
    u = new URL(url);
  } catch {
    // reported below
  }
  const bad = !u ? 'is not an absolute URL' : u.username || u.password ? 'must not contain credentials' : u.search || u.hash ? 'must not have a query or fragment' : '';
  if (bad) throw new TokenError('invalid_config', `${what} ${bad}.`);
  if (u!.protocol === 'https:' || (u!.protocol === 'http:' && isLoopbackHost(u!.hostname))) return u!.toString().replace(/\/+$/, '');
  throw new TokenError('insecure_url', `${what} ${u!.origin} is refused: use https (plain http only to loopback hosts).`);
}
