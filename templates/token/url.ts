// Transport safety: token (and API) URLs must be https, except plain http to a loopback host for local sandboxes.
import { hasUserinfo, isLoopbackHost } from '../runtime/loopback.js';
import { TokenError } from './errors.js';

export { isLoopbackHost };

/** Returns the URL without a trailing slash; throws TokenError: 'insecure_url' for a well-formed URL of another
 *  scheme or host, 'invalid_config' otherwise. The message never repeats the URL (it may hold credentials). */
export function checkServiceUrl(url: string, what: string): string {
  let u: URL | undefined;
  try {
    u = new URL(url);
  } catch {
    // reported below
  }
  const wellFormed = u && !(hasUserinfo(u) || u.search || u.hash);
  if (wellFormed && (u!.protocol === 'https:' || (u!.protocol === 'http:' && isLoopbackHost(u!.hostname)))) return u!.href.replace(/\/+$/, '');
  throw new TokenError(wellFormed ? 'insecure_url' : 'invalid_config', `${what} must be an https URL (http only to loopback) without credentials, query or fragment.`);
}
