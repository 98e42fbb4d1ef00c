// What a browser does on the login page: load the form, submit it with the user's credentials, follow nothing.
import { USER } from './server.js';

/** Returns the redirect target (Location) of a login through the real HTML form at `loginUrl`. */
export async function loginThroughForm(loginUrl: string, user: { username: string; password: string } = USER): Promise<URL> {
  const page = await fetch(loginUrl);
  if (page.status !== 200) throw new Error(`login page answered ${page.status}`);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g)) {
    form.set(m[1]!, m[2]!.replace(/&#(\d+);/g, (_s, n: string) => String.fromCharCode(Number(n))));
  }
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (!action) throw new Error('no form on the login page');
  form.set('username', user.username);
  form.set('password', user.password);
  const res = await fetch(new URL(action, loginUrl), {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual',
  });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`login answered ${res.status}`);
  return new URL(location);
}
