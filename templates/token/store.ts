// Where tokens live between calls and processes. Implement TokenStore for a secret manager or keychain;
// MemoryTokenStore is the default, FileTokenStore (node.ts) persists to a file.

export type SignInGrant = 'authorization_code' | 'password';

/** What a store holds. Times are absolute (epoch milliseconds), so a reloaded token keeps its real expiry. */
export interface StoredTokens {
  version: 1;
  accessToken: string;
  /** When the access token expires: time the request was sent + expires_in. */
  expiresAt: number;
  /** The server's expires_in (seconds); sets the refresh margin. */
  expiresIn: number;
  refreshToken?: string | undefined;
  /** Authorization code grant: one year after it was received; password grant: null (does not expire). */
  refreshTokenExpiresAt: number | null;
  grant: SignInGrant;
  scope?: string | undefined;
}

/** One store holds one session (one client and user). Methods may be sync or async. `save` must replace the whole
 *  value atomically: a failed save must leave the previous value readable. */
export interface TokenStore {
  load(): Promise<StoredTokens | undefined> | StoredTokens | undefined;
  save(tokens: StoredTokens): Promise<void> | void;
  clear(): Promise<void> | void;
  /** Optional: runs `fn` holding a lock shared with other processes using the same storage (FileTokenStore: a lock
   *  file), so that of several processes only one refreshes and the others adopt its tokens. */
  lock?<T>(fn: () => Promise<T>): Promise<T>;
}

export function isStoredTokens(v: unknown): v is StoredTokens {
  if (typeof v !== 'object' || v === null) return false;
  const t = v as Record<string, unknown>;
  return t['version'] === 1 && typeof t['accessToken'] === 'string' && typeof t['expiresAt'] === 'number'
    && typeof t['expiresIn'] === 'number' && (t['refreshToken'] === undefined || typeof t['refreshToken'] === 'string')
    && (t['refreshTokenExpiresAt'] === null || typeof t['refreshTokenExpiresAt'] === 'number')
    && (t['grant'] === 'authorization_code' || t['grant'] === 'password')
    && (t['scope'] === undefined || typeof t['scope'] === 'string');
}

/** The tokens of each MemoryTokenStore, off its properties (as a private field would be, without the helpers a
 *  private field costs once bundled for ES2020). */
const held = new WeakMap<MemoryTokenStore, StoredTokens | undefined>();

export class MemoryTokenStore implements TokenStore {
  constructor(initial?: StoredTokens) {
    held.set(this, initial && { ...initial });
  }
  load(): StoredTokens | undefined {
    const t = held.get(this);
    return t && { ...t };
  }
  save(tokens: StoredTokens): void {
    held.set(this, { ...tokens });
  }
  clear(): void {
    held.set(this, undefined);
  }
  toJSON(): { type: string } {
    return { type: 'MemoryTokenStore' };
  }
}
