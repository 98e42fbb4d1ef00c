// HTTP Basic client authentication for the token endpoint.
// 'raw' (default) sends id:secret as they are, as the service's own examples do. 'rfc6749' form-url-encodes
// both first (RFC 6749 section 2.3.1); the two agree only for plain alphanumeric values.

export type BasicAuthEncoding = 'raw' | 'rfc6749';

export function basicAuthorization(clientId: string, clientSecret: string, encoding: BasicAuthEncoding): string {
  // application/x-www-form-urlencoded encoding of one value, as URLSearchParams serialises it ('a=' + value).
  const form = (v: string) => (encoding === 'raw' ? v : `${new URLSearchParams({ a: v })}`.slice(2));
  // base64 (with padding) of the UTF-8 bytes.
  return `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${form(clientId)}:${form(clientSecret)}`)))}`;
}
