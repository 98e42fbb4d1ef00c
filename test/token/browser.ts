// What a browser does on the login page: load the form (keeping the cookie it sets), submit it with the user's
// credentials from the page's own origin, follow nothing.
import { USER } from './server.js';

/** The login form a page shows: where it posts, its hidden fields, and the Cookie header a browser would send back. */
export interface LoginForm {
  action: URL;
  fields: URLSearchParams;
  cookie: string;
}

/** Reads the form of the login page at `loginUrl` (which must answer 200). */
export async function openLoginForm(loginUrl: string): Promise<LoginForm> {
  const page = await fetch(loginUrl);
  if (page.status !== 200) throw new Error(`login page answered ${page.status}`);
  const html = await page.text();
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g)) {
    fields.set(m[1]!, m[2]!.replace(/&#(\d+);/g, (_s, n: string) => String.fromCharCode(Number(n))));
  }
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (!action) throw new Error('no form on the login page');
  const cookie = page.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
  return { action: new URL(action, loginUrl), fields, cookie };
}

/** Posts a login form as the browser showing it does: its cookie, its origin, `Sec-Fetch-Site: same-origin`. */
export async function submitLoginForm(form: LoginForm, user: { username: string; password: string } = USER, headers: Record<string, string> = {}): Promise<Response> {
  const body = new URLSearchParams(form.fields);
  body.set('username', user.username);
  body.set('password', user.password);
  return fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie, origin: form.action.origin, 'sec-fetch-site': 'same-origin', ...headers },
    body,
    redirect: 'manual',
  });
}

/** Returns the redirect target (Location) of a login through the real HTML form at `loginUrl`. */
export async function loginThroughForm(loginUrl: string, user: { username: string; password: string } = USER): Promise<URL> {
  const res = await submitLoginForm(await openLoginForm(loginUrl), user);
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`login answered ${res.status}`);
  return new URL(location);
}
