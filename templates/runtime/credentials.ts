/**
 * `ClientOptions.auth` and `tokens` applied by each operation's security requirements (OpenAPI `security`): the first
 * alternative whose every scheme has a credential (or, for oauth2 and openIdConnect, a token source) is sent; an
 * alternative that asks for nothing is taken only when no other is met. The token source is asked only for an
 * operation whose met alternative names an oauth2 or openIdConnect scheme (its bearer token would replace a basic or
 * bearer credential). A document that names no requirement anywhere (`'given'`) sends every credential given with
 * every operation. A generated client imports this only when its document declares a scheme a client can meet.
 */
import { addCookie, pct } from './request.js';
import type { BasicCredentials, Codecs, Credential, DocumentSecuritySpec, SchemeSpec } from './types.js';

/** The `auth` codec of one document: its schemes by name, and the requirements of operations that declare none. */
export function credentials(schemes: Readonly<Record<string, SchemeSpec>>, security: DocumentSecuritySpec = []): NonNullable<Codecs['auth']> {
  const names = Object.keys(schemes);
  const auth: NonNullable<Codecs['auth']> = (spec, options, url, headers) => {
    const { tokens } = options;
    const auth = (options.auth ?? {}) as Readonly<Record<string, Credential | undefined>>;
    const has = (name: string): boolean => {
      const s = Object.hasOwn(schemes, name) ? schemes[name]! : { type: 'none' };
      return s.type === 'tokens' ? !!tokens : s.type !== 'none' && Object.hasOwn(auth, name) && auth[name] != null;
    };
    const required = spec.security ?? security;
    const met = required === 'given' ? names.filter(has) : required.find((all) => all.length > 0 && all.every(has));
    let token = false;
    for (const name of met ?? []) {
      const s = schemes[name]!;
      const value = auth[name];
      if (s.type === 'basic' || s.type === 'bearer') headers.authorization = s.type === 'basic' ? basic(value as BasicCredentials) : `Bearer ${value as string}`;
      else if (s.type !== 'apiKey') token = true;
      else if (s.in === 'header') headers[s.name.toLowerCase()] = value as string;
      else {
        const pair = `${pct(s.name)}=${pct(value as string)}`;
        if (s.in === 'query') url += `${url.includes('?') ? '&' : '?'}${pair}`;
        else addCookie(headers, pair);
      }
    }
    return [url, token, !!met?.length];
  };
  // The header names the document gives its API keys: such a header given by hand is a credential too (core.ts).
  auth.headers = Object.values(schemes).flatMap((s) => (s.type === 'apiKey' && s.in === 'header' ? [s.name.toLowerCase()] : []));
  return auth;
}

/** `Basic` and base64 of the UTF-8 bytes of `username:password` (RFC 7617). */
function basic({ username, password }: BasicCredentials): string {
  return `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${username}:${password}`)))}`;
}
