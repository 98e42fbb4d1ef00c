// The sandbox's login page (GET /oauth2/authorize): a real HTML form, every value escaped.
// The page never echoes a password; hidden fields carry the authorization request and the form token to the POST.

export interface LoginPageParams {
  response_type: string;
  client_id: string;
  redirect_uri: string;
  state?: string | undefined;
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
  scope?: string | undefined;
}

const HIDDEN: readonly (keyof LoginPageParams)[] = ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'scope'];

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Headers for every HTML page: never cached, never framed, no script. The page's address (state, code_challenge) is
 * never sent to another origin; `same-origin` rather than `no-referrer`, under which a browser sends the form's own
 * POST with `Origin: null`, which login-csrf.ts cannot tell from another site's.
 */
export const HTML_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;padding:2rem 2.5rem;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15);min-width:18rem}
h1{font-size:1.3rem;margin:0 0 1rem}label{display:block;margin:.8rem 0 .2rem}input[type=text],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1.2rem;padding:.55rem 1.2rem}.error{color:#b00020}.note{color:#555;font-size:.85rem}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>
`;
}

/** The page of an authorization request; `formToken` (login-csrf.ts) goes with the form, as the POST requires. */
export function loginPage(params: LoginPageParams, formToken: string, opts: { error?: string; username?: string } = {}): string {
  const hidden = [...HIDDEN.map((name) => [name, params[name]] as const), ['form_token', formToken] as const].flatMap(([name, value]) =>
    value === undefined ? [] : [`<input type="hidden" name="${name}" value="${escapeHtml(value)}">`],
  ).join('\n');
  const error = opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : '';
  return page('Sign in - docex sandbox', `<h1>Sign in</h1>
<p class="note">Application <strong>${escapeHtml(params.client_id)}</strong> asks to access the API on your behalf.</p>
${error}
<form method="post" action="authorize">
${hidden}
<label for="username">User name</label>
<input id="username" name="username" type="text" autocomplete="username" required value="${escapeHtml(opts.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`);
}

/** Shown instead of redirecting when the client or redirect_uri cannot be trusted (RFC 6749 section 4.1.2.1). */
export function errorPage(message: string): string {
  return page('Sign-in error - docex sandbox', `<h1>Cannot sign in</h1><p class="error" role="alert">${escapeHtml(message)}</p>`);
}
