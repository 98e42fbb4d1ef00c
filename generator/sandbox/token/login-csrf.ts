// The login form's defence against cross-site requests. `state` protects the client from a forged redirect; this
// protects the form, as a real authorization server does (OWASP's CSRF prevention cheat sheet):
// - a form token in a hidden field: an HMAC, under a key of this process, of a cookie set with the page, of the
//   authorization request the page shows and of when it was shown. The POST must carry the token with that cookie and
//   that request, within FORM_TOKEN_TTL_SECONDS; nothing is stored per page.
// - the cookie is HttpOnly and SameSite=Lax (and Secure over https): a browser sends it with the page's own POST, not
//   with a POST from another site. Lax rather than Strict: the user arrives from the client's site, and a cookie the
//   browser already holds must reach the page, or a second tab's page would replace it and fail the first one.
// - Fetch Metadata and Origin: a POST the browser says comes from another origin is refused before anything else.
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { LoginPageParams } from './login-page.js';
import { safeEqual } from './state.js';

const LOGIN_COOKIE = 'docex_login';
/** How long a login page's form may be sent. */
export const FORM_TOKEN_TTL_SECONDS = 30 * 60;

const CROSS_SITE = 'The sign-in form was sent from another site: it is accepted only from this login page.';
const NOT_THIS_PAGE = "The sign-in form is not one this login page showed (its form token or this site's cookie is missing or wrong): open the login page again from the application.";
const EXPIRED = 'The sign-in form has expired: open the login page again from the application.';

/** The browser's `docex_login` cookie, when it holds one of ours (32 random bytes, base64url). */
function cookieOf(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === LOGIN_COOKIE && value && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return undefined;
}

export class LoginCsrf {
  private readonly key = randomBytes(32);

  constructor(private readonly now: () => number) {}

  /** The form token of a login page showing `a`, and the Set-Cookie header when the browser holds no cookie of ours. */
  issue(req: FastifyRequest, a: LoginPageParams): { formToken: string; setCookie: string | undefined } {
    const held = cookieOf(req);
    const cookie = held ?? randomBytes(32).toString('base64url');
    const shownAt = Math.floor(this.now() / 1000);
    const secure = req.protocol === 'https' ? '; Secure' : '';
    return {
      formToken: `${shownAt}.${this.mac(cookie, shownAt, a)}`,
      setCookie: held ? undefined : `${LOGIN_COOKIE}=${cookie}; Path=/oauth2; HttpOnly; SameSite=Lax${secure}`,
    };
  }

  /** Why a POST of the login form for `a` is refused, as a sentence for the error page; undefined when it is not. */
  refusal(req: FastifyRequest, a: LoginPageParams, formToken: string | undefined): string | undefined {
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    // `none`: the user's own action (a reload), not another site's.
    if ((site !== undefined && site !== 'same-origin' && site !== 'none') || (origin !== undefined && origin !== `${req.protocol}://${req.headers.host}`)) return CROSS_SITE;
    const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(formToken ?? '');
    const cookie = cookieOf(req);
    if (!m || !cookie || !safeEqual(m[2]!, this.mac(cookie, Number(m[1]), a))) return NOT_THIS_PAGE;
    return Math.floor(this.now() / 1000) - Number(m[1]) > FORM_TOKEN_TTL_SECONDS ? EXPIRED : undefined;
  }

  private mac(cookie: string, shownAt: number, a: LoginPageParams): string {
    const request = [a.response_type, a.client_id, a.redirect_uri, a.state, a.code_challenge, a.code_challenge_method, a.scope].map((v) => v ?? null);
    return createHmac('sha256', this.key).update(JSON.stringify([cookie, shownAt, ...request])).digest('base64url');
  }
}
