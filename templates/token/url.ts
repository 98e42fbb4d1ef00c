// Transport safety: token (and API) URLs must be https, except plain http to a loopback host for local sandboxes.
import { TokenError } from './errors.js';

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Returns the URL without a trailing slash; throws TokenError('insecure_url' | 'invalid_config'). */
export function checkServiceUrl(url: string, what: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TokenError('invalid_config', `${what} is not an absolute URL.`);
  }
  if (parsed.username || parsed.password) throw new TokenError('invalid_config', `${what} must not contain credentials.`);
  if (parsed.search || parsed.hash) throw new TokenError('invalid_config', `${what} must not have a query or fragment.`);
  if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname))) {
    return parsed.toString().replace(/\/+$/, '');
  }
  throw new TokenError('insecure_url', `${what} ${parsed.origin} is refused: use https (plain http is allowed for loopback hosts only).`);
}
