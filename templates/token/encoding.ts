// Browser-safe encodings and randomness (Web Crypto, btoa, TextEncoder): no Node-only API.

/** The part of Web Crypto used here, declared locally so no particular lib (DOM or @types/node) is required. */
interface WebCrypto {
  getRandomValues(array: Uint8Array): Uint8Array;
  subtle: { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> };
}

function webCrypto(): WebCrypto {
  const c = (globalThis as { crypto?: WebCrypto }).crypto;
  if (!c?.getRandomValues || !c.subtle) throw new Error('Web Crypto (globalThis.crypto) is required: Node >= 20 or a browser.');
  return c;
}

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random base64url string of `bytes` bytes of entropy (32 bytes -> 43 characters). */
export function randomString(bytes = 32): string {
  return base64url(webCrypto().getRandomValues(new Uint8Array(bytes)));
}

/** PKCE S256 code challenge (RFC 7636 section 4.2). */
export async function s256Challenge(codeVerifier: string): Promise<string> {
  const digest = await webCrypto().subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  return base64url(new Uint8Array(digest));
}

/** Compares two strings in time independent of where they differ (for `state`). */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
