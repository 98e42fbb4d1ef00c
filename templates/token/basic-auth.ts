// HTTP Basic client authentication for the token endpoint.
// 'raw' (default) sends id:secret as they are, as the service's own examples do. 'rfc6749' form-url-encodes
// both first (RFC 6749 section 2.3.1); the two agree only for plain alphanumeric values.

export type BasicAuthEncoding = 'raw' | 'rfc6749';

/** application/x-www-form-urlencoded encoding of one value (space as '+', everything but [A-Za-z0-9*-._] escaped). */
function formUrlEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()).replace(/%20/g, '+');
}

export function basicAuthorization(clientId: string, clientSecret: string, encoding: BasicAuthEncoding): string {
  const raw = encoding === 'raw';
  // base64 (with padding) of the UTF-8 bytes.
  let binary = '';
  for (const b of new TextEncoder().encode(`${raw ? clientId : formUrlEncode(clientId)}:${raw ? clientSecret : formUrlEncode(clientSecret)}`)) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}
