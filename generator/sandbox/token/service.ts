// The sandbox's OAuth 2.0 token service (spec sections 2.6, 4.3, 4.4, 5, 8):
//   POST /oauth2/token      HTTP Basic client auth; grants authorization_code (+ PKCE S256), password, refresh_token
//   GET  /oauth2/authorize  HTML login form;  POST /oauth2/authorize  -> 302 redirect_uri?code&state (login-csrf.ts
//                           refuses a POST from another site)
//   POST /oauth2/revoke     RFC 7009 revocation
// Registered as an encapsulated fastify plugin, so its form parser and error handler do not leak into the sub APIs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LoginCsrf } from './login-csrf.js';
import { HTML_HEADERS, errorPage, loginPage, type LoginPageParams } from './login-page.js';
import { FORM, MAX_FORM_BYTES, OAuthError, formParams, isFormBody, parseForm, required, stringParams, type Params } from './form.js';
import { TokenState, safeEqual, type Grant, type IssuedTokens } from './state.js';

interface TokenServiceClient { clientId: string; clientSecret: string; redirectUris: string[] }
interface TokenServiceUser { username: string; password: string }

export interface TokenServiceOptions {
  clients: TokenServiceClient[];
  users: TokenServiceUser[];
  /** Access token lifetime (`expires_in`); default 300 s as in the spec. */
  accessTokenTtlSeconds?: number;
  /** Clock in epoch milliseconds (like Date.now); tests inject one to expire tokens without waiting. */
  now?: () => number;
  /** Authorization code lifetime; default 60 s. */
  codeTtlSeconds?: number;
  /** RFC 9700 section 4.14.2, RFC 6749 section 10.4: a replayed refresh token also revokes the newer tokens of its
   *  family. Default true; false keeps only what the spec says (a refresh token is single-use). */
  revokeFamilyOnReuse?: boolean;
}

interface TokenStats {
  /** Every POST /oauth2/token, whatever its outcome. */
  tokenRequests: number;
  /** Requests per grant_type that passed client authentication, whatever their outcome. */
  authorizationCodes: number;
  passwords: number;
  refreshes: number;
  /** Error responses by OAuth error code. */
  errors: Record<string, number>;
}

export interface TokenAuthority {
  verifyAccessToken(token: string): { clientId: string; username: string } | undefined;
  readonly stats: TokenStats;
  resetStats(): void;
}

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;
/** RFC 7636 section 4.1: code-verifier = 43*128unreserved. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * Exactly one of the client's registered URIs (spec 4.4: "must be the one agreed at client registration").
 * RFC 8252 section 7.3 lets native apps vary a loopback port, but the spec promises no such thing, so a
 * client tested here must not come to rely on it; `docex sandbox --redirect-uri` registers more URIs.
 */
function redirectAllowed(client: TokenServiceClient, redirectUri: string): boolean {
  return !redirectUri.includes('#') && URL.canParse(redirectUri) && client.redirectUris.includes(redirectUri);
}

/** Decodes `Authorization: Basic`; accepts the raw form and RFC 6749 section 2.3.1's form-url-encoded one. */
function basicCredentials(header: string | undefined): { id: string; secret: string }[] {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m?.[1]) return [];
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return [];
  const raw = { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  try {
    const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return [raw, { id: dec(raw.id), secret: dec(raw.secret) }];
  } catch {
    return [raw];
  }
}

/** What the token service's steps share: its options, the tokens it issued and its counters. */
interface Service {
  opts: TokenServiceOptions;
  state: TokenState;
  stats: TokenStats;
  csrf: LoginCsrf;
}

const GRANT_COUNTER: Record<Grant, 'authorizationCodes' | 'passwords' | 'refreshes'> = {
  authorization_code: 'authorizationCodes', password: 'passwords', refresh_token: 'refreshes',
};

const findClient = (svc: Service, id: string) => svc.opts.clients.find((c) => c.clientId === id);

function authenticateClient(svc: Service, req: FastifyRequest): TokenServiceClient {
  for (const cand of basicCredentials(req.headers.authorization)) {
    const client = findClient(svc, cand.id);
    if (client && safeEqual(cand.secret, client.clientSecret)) return client;
  }
  throw new OAuthError('invalid_client', 'Client authentication failed: send HTTP Basic with the client id and secret.', 401);
}

function tokenResponse(reply: FastifyReply, result: IssuedTokens | string): void {
  if (typeof result === 'string') throw new OAuthError('invalid_grant', result);
  void reply.code(200).headers(NO_STORE).send({
    scope: 'all', access_token: result.accessToken, token_type: 'bearer', expires_in: result.expiresIn, refresh_token: result.refreshToken,
  });
}

function sendOAuthError(svc: Service, reply: FastifyReply, err: OAuthError): void {
  svc.stats.errors[err.error] = (svc.stats.errors[err.error] ?? 0) + 1;
  if (err.status === 401) void reply.header('www-authenticate', 'Basic realm="oauth2", charset="UTF-8"');
  void reply.code(err.status).headers(NO_STORE).send({ error: err.error, error_description: err.description });
}

/** A user's password checked, compared even for unknown users, so timing does not tell which user names exist. */
function passwordMatches(svc: Service, username: string, password: string): boolean {
  const user = svc.opts.users.find((u) => u.username === username);
  return safeEqual(password, user?.password ?? '\u0000no-user') && user !== undefined;
}

function authorizeParams(p: Params): LoginPageParams {
  return {
    response_type: p.response_type ?? '', client_id: p.client_id ?? '', redirect_uri: p.redirect_uri ?? '',
    state: p.state, code_challenge: p.code_challenge, code_challenge_method: p.code_challenge_method, scope: p.scope,
  };
}

/** Validates an authorization request: an error to show as a page (never redirected, RFC 6749 4.1.2.1), or the client. */
function checkAuthorize(svc: Service, a: LoginPageParams): { html: string } | { client: TokenServiceClient } {
  const client = findClient(svc, a.client_id);
  if (!a.client_id || !client) return { html: 'Unknown client_id.' };
  if (!a.redirect_uri || !redirectAllowed(client, a.redirect_uri)) return { html: 'redirect_uri is not registered for this client.' };
  // The token document shows wrong parameters as a page (400) too, rather than redirecting them.
  if (a.response_type !== 'code') return { html: 'response_type must be code.' };
  if (a.code_challenge !== undefined) {
    // S256 is the only method, and the default when code_challenge is given (as the token document says).
    if ((a.code_challenge_method ?? 'S256') !== 'S256') return { html: 'code_challenge_method must be S256.' };
    if (!/^[A-Za-z0-9_-]{43,128}$/.test(a.code_challenge)) return { html: 'code_challenge must be base64url(SHA-256(code_verifier)).' };
  } else if (a.code_challenge_method !== undefined) {
    return { html: 'code_challenge_method without code_challenge.' };
  }
  return { client };
}

/** The tokens one grant of POST /oauth2/token issues, or why it issues none (an `invalid_grant` description). */
function grantTokens(svc: Service, client: TokenServiceClient, p: Params): IssuedTokens | string {
  const [grant] = required(p, 'grant_type');
  if (grant === 'authorization_code' || grant === 'password' || grant === 'refresh_token') svc.stats[GRANT_COUNTER[grant]]++;
  if (grant === 'authorization_code') {
    const [code, redirectUri] = required(p, 'code', 'redirect_uri') as [string, string];
    if (p.code_verifier !== undefined && !CODE_VERIFIER.test(p.code_verifier)) {
      throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_" and "~" (RFC 7636 section 4.1).');
    }
    return svc.state.redeemCode(code, client.clientId, redirectUri, p.code_verifier);
  }
  if (grant === 'password') {
    const [username, password] = required(p, 'username', 'password') as [string, string];
    if (!passwordMatches(svc, username, password)) throw new OAuthError('invalid_grant', 'Invalid username or password.');
    return svc.state.issueForPassword(client.clientId, username);
  }
  if (grant === 'refresh_token') {
    const [refreshToken] = required(p, 'refresh_token') as [string];
    return svc.state.rotate(refreshToken, client.clientId);
  }
  throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code, password or refresh_token.');
}

/** Runs a form endpoint's step; an OAuthError it throws is answered in RFC 6749's error shape. */
async function answering(svc: Service, reply: FastifyReply, step: () => void): Promise<FastifyReply> {
  try {
    step();
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err;
    sendOAuthError(svc, reply, err);
  }
  return reply;
}

/** The form parser, the error handler and the request counter, scoped to the token service's plugin. */
function registerPlumbing(scope: FastifyInstance, svc: Service): void {
  // Scoped to this plugin: a form parser registered by the host app would otherwise clash with ours.
  if (scope.hasContentTypeParser(FORM)) scope.removeContentTypeParser(FORM);
  scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: MAX_FORM_BYTES }, (_req, body, done) => {
    done(null, parseForm(String(body)));
  });
  // Errors fastify raises itself (unsupported media type, body too large, bad encoding) in this plugin's shapes.
  scope.setErrorHandler((err: { statusCode?: number; code?: string }, req, reply) => {
    const code = err.statusCode ?? 500;
    const status = code === 415 ? 415 : code >= 400 && code < 500 ? 400 : 500;
    const tooLarge = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? `The request body is larger than ${MAX_FORM_BYTES / 1024} KiB.` : undefined;
    const message = status === 415 ? `The request body must be ${FORM}.` : status === 400 ? (tooLarge ?? 'The request could not be read.') : 'An unexpected error occurred.';
    if (req.url.startsWith('/oauth2/authorize')) {
      void reply.code(status).headers(HTML_HEADERS).send(errorPage(message));
    } else {
      sendOAuthError(svc, reply, new OAuthError(status === 500 ? 'server_error' : 'invalid_request', message, status));
    }
  });
  // Counted before body parsing, so requests that fastify's parser rejects count too.
  scope.addHook('onRequest', async (req) => {
    if (req.method === 'POST' && req.routeOptions.url === '/oauth2/token') svc.stats.tokenRequests++;
  });
}

/** POST /oauth2/token and POST /oauth2/revoke. */
function registerTokenRoutes(scope: FastifyInstance, svc: Service): void {
  scope.post('/oauth2/token', async (req, reply) =>
    answering(svc, reply, () => {
      const client = authenticateClient(svc, req);
      tokenResponse(reply, grantTokens(svc, client, formParams(req, true)));
    }),
  );
  scope.post('/oauth2/revoke', async (req, reply) =>
    answering(svc, reply, () => {
      const client = authenticateClient(svc, req);
      const [token] = required(formParams(req, false), 'token');
      svc.state.revoke(token as string, client.clientId);
      void reply.code(200).headers(NO_STORE).send();
    }),
  );
}

/** The login page of `a`, with a form token for it (and the cookie the token is bound to, when the browser has none). */
function sendLoginPage(svc: Service, req: FastifyRequest, reply: FastifyReply, a: LoginPageParams, opts?: { error: string; username: string }): FastifyReply {
  const { formToken, setCookie } = svc.csrf.issue(req, a);
  if (setCookie) void reply.header('set-cookie', setCookie);
  return reply.code(200).headers(HTML_HEADERS).send(loginPage(a, formToken, opts));
}

/** GET /oauth2/authorize (the login page) and POST /oauth2/authorize (its form: 302 to redirect_uri with a code). */
function registerLoginRoutes(scope: FastifyInstance, svc: Service): void {
  scope.get('/oauth2/authorize', async (req, reply) => {
    const a = authorizeParams(stringParams(req.query));
    const check = checkAuthorize(svc, a);
    if ('html' in check) return reply.code(400).headers(HTML_HEADERS).send(errorPage(check.html));
    return sendLoginPage(svc, req, reply, a);
  });
  scope.post('/oauth2/authorize', async (req, reply) => {
    if (!isFormBody(req.body)) return reply.code(415).headers(HTML_HEADERS).send(errorPage(`The form must be sent as ${FORM}.`));
    if (req.body.duplicates.length) return reply.code(400).headers(HTML_HEADERS).send(errorPage(`Parameter sent more than once: ${[...new Set(req.body.duplicates)].join(', ')}.`));
    const body = req.body.params;
    const a = authorizeParams(body);
    // Before the request or the password is looked at: a cross-site POST learns nothing and signs no one in.
    const refusal = svc.csrf.refusal(req, a, body.form_token);
    if (refusal) return reply.code(403).headers(HTML_HEADERS).send(errorPage(refusal));
    const check = checkAuthorize(svc, a);
    if ('html' in check) return reply.code(400).headers(HTML_HEADERS).send(errorPage(check.html));
    const username = body.username ?? '';
    if (!passwordMatches(svc, username, body.password ?? '')) {
      // 200, as the token document says: the same page again, with the error.
      return sendLoginPage(svc, req, reply, a, { error: 'Wrong username or password.', username });
    }
    const code = svc.state.createCode({ clientId: check.client.clientId, username, redirectUri: a.redirect_uri, codeChallenge: a.code_challenge });
    return reply.code(302).header('cache-control', 'no-store').header('location', redirectWith(a.redirect_uri, { code, state: a.state })).send();
  });
}

export function registerTokenService(app: FastifyInstance, opts: TokenServiceOptions): TokenAuthority {
  const now = opts.now ?? Date.now;
  const ttl = opts.accessTokenTtlSeconds ?? 300;
  if (!Number.isInteger(ttl) || ttl < 1) throw new Error('accessTokenTtlSeconds must be a positive integer');
  const stats: TokenStats = { tokenRequests: 0, authorizationCodes: 0, passwords: 0, refreshes: 0, errors: {} };
  const svc: Service = { opts, state: new TokenState(now, ttl, opts.codeTtlSeconds ?? 60, opts.revokeFamilyOnReuse ?? true), stats, csrf: new LoginCsrf(now) };
  app.register(async (scope) => {
    registerPlumbing(scope, svc);
    registerTokenRoutes(scope, svc);
    registerLoginRoutes(scope, svc);
  });
  return {
    verifyAccessToken: (token) => svc.state.verifyAccess(token),
    stats,
    resetStats() {
      stats.tokenRequests = stats.authorizationCodes = stats.passwords = stats.refreshes = 0;
      stats.errors = {};
    },
  };
}

function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}
