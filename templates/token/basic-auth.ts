// HTTP Basic client authentication for the token endpoint.
// 'raw' (default) sends id:secret as they are, as the service's own examples do. 'rfc6749' form-url-encodes
// both first (RFC 6749 section 2.3.1); the two agree only for plain alphanumeric values.

export type BasicAuthEncoding = 'raw' | 'rfc6749';

export function basicAuthorization(clientId: string, clientSecret: string, encoding: BasicAuthEncoding): string {
  // application/x-www-form-urlencoded encoding of one value (space as '+', everything but [A-Za-z0-9*-._] escaped).
  const form = (v: string) =>
    encoding === 'raw' ? v : encodeURIComponent(v).replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
  // base64 (with padding) of the UTF-8 bytes.
  return `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${form(clientId)}:${form(clientSecret)}`)))}`;
}
