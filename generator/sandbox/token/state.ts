// In-memory state of the sandbox token service: authorization codes, access and refresh tokens.
// Tokens are opaque random strings; the maps are keyed by their SHA-256 so no dump of the state holds a usable token.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type Grant = 'authorization_code' | 'password' | 'refresh_token';
/** The grant that started a token family: decides the refresh token's lifetime. */
type FamilyGrant = 'authorization_code' | 'password';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

interface AccessEntry { clientId: string; username: string; expiresAt: number; familyId: string }
/** A live token family: what one sign-in issued and every rotation since. Revoked or evicted, it is forgotten. */
interface Family { principal: string; refreshKey: string }
interface RefreshEntry { clientId: string; username: string; familyId: string; grant: FamilyGrant; expiresAt: number | null; usedAt: number | null }
interface CodeEntry {
  clientId: string; username: string; redirectUri: string; expiresAt: number;
  codeChallenge: string | undefined; used: boolean; familyId: string | undefined;
}

/** Refresh tokens of the authorization code grant live one year (spec section 5.3); of the password grant, forever. */
const CODE_GRANT_REFRESH_TTL_MS = 365 * 24 * 3600 * 1000;
/** Used refresh tokens are remembered (to answer a replay with invalid_grant and count it) up to this many. */
const MAX_USED_REMEMBERED = 100_000;
/** Live token families per client and user (each sign-in starts one); past it the oldest is evicted. */
export const MAX_FAMILIES_PER_USER = 100;

const randomToken = (): string => randomBytes(32).toString('base64url');
const key = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Constant-time string comparison (hashing first makes the lengths equal). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export class TokenState {
  private readonly codes = new Map<string, CodeEntry>();
  private readonly access = new Map<string, AccessEntry>();
  private readonly refresh = new Map<string, RefreshEntry>();
  private readonly families = new Map<string, Family>();
  /** Live families per client and user, oldest first (at most MAX_FAMILIES_PER_USER). */
  private readonly familiesOf = new Map<string, string[]>();
  private issued = 0;

  constructor(
    private readonly now: () => number,
    private readonly accessTtlSeconds: number,
    private readonly codeTtlSeconds: number,
    private readonly revokeFamilyOnReuse: boolean,
  ) {}

  createCode(c: Omit<CodeEntry, 'expiresAt' | 'used' | 'familyId'>): string {
    const code = randomToken();
    this.codes.set(key(code), { ...c, expiresAt: this.now() + this.codeTtlSeconds * 1000, used: false, familyId: undefined });
    return code;
  }

  /** Redeems a code once. A second use revokes what the first issued (RFC 6749 section 4.1.2). */
  redeemCode(code: string, clientId: string, redirectUri: string, codeVerifier: string | undefined): IssuedTokens | string {
    const entry = this.codes.get(key(code));
    if (!entry || entry.clientId !== clientId) return 'The authorization code is invalid.';
    if (entry.used) {
      if (entry.familyId) this.revokeFamily(entry.familyId);
      return 'The authorization code was already used; the tokens issued for it are revoked.';
    }
    if (entry.expiresAt <= this.now()) {
      this.codes.delete(key(code));
      return 'The authorization code has expired.';
    }
    if (entry.redirectUri !== redirectUri) return 'redirect_uri is not identical to the one of the login redirect.';
    if (entry.codeChallenge === undefined) {
      // RFC 9700 section 2.1.1: a verifier for a code issued without a challenge is a PKCE downgrade.
      if (codeVerifier !== undefined) return 'code_verifier was sent, but the login carried no code_challenge (a PKCE downgrade, RFC 9700 section 2.1.1).';
    } else {
      if (codeVerifier === undefined) return 'code_verifier is required: the login used PKCE.';
      if (!safeEqual(s256(codeVerifier), entry.codeChallenge)) return 'code_verifier does not match the code_challenge.';
    }
    entry.used = true;
    const tokens = this.issue(entry.clientId, entry.username, 'authorization_code', undefined);
    entry.familyId = this.access.get(key(tokens.accessToken))?.familyId;
    return tokens;
  }

  issueForPassword(clientId: string, username: string): IssuedTokens {
    return this.issue(clientId, username, 'password', undefined);
  }

  /** Rotates a single-use refresh token. Returns an error description on failure. */
  rotate(refreshToken: string, clientId: string): IssuedTokens | string {
    const k = key(refreshToken);
    const entry = this.refresh.get(k);
    if (!entry || entry.clientId !== clientId || !this.families.has(entry.familyId)) return 'The refresh token is invalid.';
    if (entry.usedAt !== null) {
      if (this.revokeFamilyOnReuse) this.revokeFamily(entry.familyId);
      return 'The refresh token was already used; refresh tokens are single-use.';
    }
    if (entry.expiresAt !== null && entry.expiresAt <= this.now()) return 'The refresh token has expired.';
    entry.usedAt = this.now();
    this.forgetOldUsed();
    return this.issue(entry.clientId, entry.username, entry.grant, entry);
  }

  verifyAccess(token: string): { clientId: string; username: string } | undefined {
    const entry = this.access.get(key(token));
    if (!entry || entry.expiresAt <= this.now() || !this.families.has(entry.familyId)) return undefined;
    return { clientId: entry.clientId, username: entry.username };
  }

  /** RFC 7009: revokes a refresh token (and its family) or an access token; unknown tokens are ignored. */
  revoke(token: string, clientId: string): void {
    const k = key(token);
    const entry = this.refresh.get(k) ?? this.access.get(k);
    if (entry && entry.clientId === clientId) this.revokeFamily(entry.familyId);
  }

  /** Forgets a family: its refresh token answers invalid_grant, its access tokens are refused. */
  private revokeFamily(familyId: string): void {
    const family = this.families.get(familyId);
    if (!family) return;
    this.families.delete(familyId);
    this.refresh.delete(family.refreshKey);
    const live = this.familiesOf.get(family.principal) ?? [];
    live.splice(live.indexOf(familyId), 1);
    if (!live.length) this.familiesOf.delete(family.principal);
  }

  /** A new family for a sign-in; past MAX_FAMILIES_PER_USER for its client and user, the oldest is evicted. */
  private startFamily(clientId: string, username: string, refreshKey: string): string {
    const familyId = randomToken();
    const principal = `${clientId}\u0000${username}`;
    this.families.set(familyId, { principal, refreshKey });
    const live = this.familiesOf.get(principal) ?? [];
    this.familiesOf.set(principal, live);
    live.push(familyId);
    if (live.length > MAX_FAMILIES_PER_USER) this.revokeFamily(live[0]!);
    return familyId;
  }

  private issue(clientId: string, username: string, grant: FamilyGrant, previous: RefreshEntry | undefined): IssuedTokens {
    const now = this.now();
    // A rotated refresh token keeps its family's absolute expiry: one year from the login, not from the last refresh.
    const refreshExpiresAt = previous ? previous.expiresAt : grant === 'authorization_code' ? now + CODE_GRANT_REFRESH_TTL_MS : null;
    const accessToken = randomToken();
    const refreshToken = randomToken();
    const familyId = previous?.familyId ?? this.startFamily(clientId, username, key(refreshToken));
    if (previous) this.families.get(familyId)!.refreshKey = key(refreshToken);
    this.access.set(key(accessToken), { clientId, username, familyId, expiresAt: now + this.accessTtlSeconds * 1000 });
    this.refresh.set(key(refreshToken), { clientId, username, familyId, grant, expiresAt: refreshExpiresAt, usedAt: null });
    if (++this.issued % 256 === 0) this.sweep(now);
    return { accessToken, refreshToken, expiresIn: this.accessTtlSeconds };
  }

  private sweep(now: number): void {
    for (const [k, v] of this.access) if (v.expiresAt <= now) this.access.delete(k);
    for (const [k, v] of this.codes) if (v.expiresAt <= now) this.codes.delete(k);
  }

  private forgetOldUsed(): void {
    if (this.refresh.size <= MAX_USED_REMEMBERED) return;
    for (const [k, v] of this.refresh) {
      if (this.refresh.size <= MAX_USED_REMEMBERED) break;
      if (v.usedAt !== null) this.refresh.delete(k);
    }
  }
}
