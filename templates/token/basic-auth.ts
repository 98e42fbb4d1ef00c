// HTTP Basic client authentication for the token endpoint.
// 'raw' (default) sends id:secret as they are, as the service's own examples do. 'rfc6749' form-url-encodes
// both first (RFC 6749 section 2.3.1); the two agree only for plain alphanumeric values.
import { base64url } from './encoding.js';

export type BasicAuthEncoding = 'raw' | 'rfc6749';

/** application/x-www-form-urlencoded encoding of one value (space as '+', everything but [A-Za-z0-9*-._] escaped). */
function formUrlEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()).replace(/%20/g, '+');
}

export function basicAuthorization(clientId: string, clientSecret: string, encoding: BasicAuthEncoding): string {
  const [id, secret] = encoding === 'rfc6749' ? [formUrlEncode(clientId), formUrlEncode(clientSecret)] : [clientId, clientSecret];
  // UTF-8 bytes, standard base64 with padding (base64url -> base64).
  const b64 = base64url(new TextEncoder().encode(`${id}:${secret}`)).replace(/-/g, '+').replace(/_/g, '/');
  return `Basic ${b64}${'='.repeat((4 - (b64.length % 4)) % 4)}`;
}
