import { parseArgs } from 'node:util';
import { DocexError } from '../util/errors.js';

const HELP = `Usage: docex sandbox [--port N] [--host H] [--openapi DIR] [--token-ttl S]
                     [--client-id ID] [--client-secret S] [--username U] [--password P]
                     [--redirect-uri URI]... [--no-revoke-family-on-reuse]

Serves the token service (/oauth2/token, /oauth2/authorize) and every sub API of the documents
(/{subApi}/{version}/...) on one port, until SIGINT/SIGTERM. Defaults: 127.0.0.1, port 4010,
test client sandbox-client / sandbox-secret, user demo / demo-password; each can also be set with
DOCEX_SANDBOX_PORT, DOCEX_SANDBOX_CLIENT_ID, DOCEX_SANDBOX_CLIENT_SECRET, DOCEX_SANDBOX_USERNAME,
DOCEX_SANDBOX_PASSWORD. These are public test credentials, never real ones.
The login page accepts exactly the registered redirect URIs (spec 4.4): http://127.0.0.1/callback,
and each --redirect-uri given (repeat it for several), such as your app's own callback.
Credentials given by flag or environment are never printed, only where each came from.
A replayed refresh token revokes the newer tokens of its family (RFC 9700 4.14.2);
--no-revoke-family-on-reuse only refuses the replay (the spec's single use).
`;

/** A redirect URI to register: absolute, without a fragment (RFC 6749 section 3.1.2). */
function redirectUri(value: string): string {
  if (!URL.canParse(value) || value.includes('#')) throw new DocexError(`--redirect-uri must be an absolute URI without a fragment, got "${value}"`);
  return value;
}

function integer(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new DocexError(`--${name} must be an integer >= ${min}, got "${value}"`);
  return n;
}

/** A credential from its flag, else its environment variable, else the public test default; `shown` is what may be
 *  printed: the default itself, or where a given value came from (spec 5.2: credentials stay out of logs). */
function credential(flag: string | undefined, name: string, variable: string, fallback: string): { value: string; shown: string } {
  if (flag !== undefined) return { value: flag, shown: `(from --${name})` };
  const fromEnv = process.env[variable];
  if (fromEnv !== undefined) return { value: fromEnv, shown: `(from ${variable})` };
  return { value: fallback, shown: fallback };
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      openapi: { type: 'string' },
      'token-ttl': { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      seed: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      'no-revoke-family-on-reuse': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const env = process.env;
  const { startSandbox, DEFAULT_CREDENTIALS, refusedLine } = await import('../sandbox/index.js');
  const clientId = credential(values['client-id'], 'client-id', 'DOCEX_SANDBOX_CLIENT_ID', DEFAULT_CREDENTIALS.clientId);
  const clientSecret = credential(values['client-secret'], 'client-secret', 'DOCEX_SANDBOX_CLIENT_SECRET', DEFAULT_CREDENTIALS.clientSecret);
  const username = credential(values.username, 'username', 'DOCEX_SANDBOX_USERNAME', DEFAULT_CREDENTIALS.username);
  const password = credential(values.password, 'password', 'DOCEX_SANDBOX_PASSWORD', DEFAULT_CREDENTIALS.password);
  const ttl = integer('token-ttl', values['token-ttl'], 1);
  const seed = integer('seed', values.seed, 0);
  const redirectUris = [DEFAULT_CREDENTIALS.redirectUri, ...(values['redirect-uri'] ?? []).map(redirectUri)];
  // Listen for the signals from the start, so a stop during start-up or right after the URL is printed is never missed.
  const stopped = new Promise<void>((resolveStop) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolveStop();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  const port = integer('port', values.port ?? env.DOCEX_SANDBOX_PORT, 0) ?? 4010;
  const sandbox = await startSandbox({
    port,
    host: values.host ?? '127.0.0.1',
    ...(values.openapi ? { openapiDir: values.openapi } : {}),
    ...(ttl !== undefined ? { accessTokenTtlSeconds: ttl } : {}),
    ...(seed !== undefined ? { seed } : {}),
    clientId: clientId.value,
    clientSecret: clientSecret.value,
    redirectUris,
    username: username.value,
    password: password.value,
    ...(values['no-revoke-family-on-reuse'] ? { revokeFamilyOnReuse: false } : {}),
  }).catch((err: unknown) => {
    if (err && typeof err === 'object' && (err as { code?: string }).code === 'EADDRINUSE') {
      throw new DocexError(`port ${port} is in use; pass --port 0 for any free port`);
    }
    throw err;
  });
  const refused = refusedLine(sandbox.refused);
  if (refused) process.stderr.write(`docex sandbox: ${refused}\n`);
  const apis = sandbox.apis.map((a) => `  ${sandbox.url}${a.prefix}/`).join('\n');
  // The one place docex prints credentials, and only the sandbox's public test ones: a given one is named by its source.
  process.stdout.write(
    `docex sandbox listening on ${sandbox.url}\n` +
      `  token endpoint  ${sandbox.url}/oauth2/token\n` +
      `  login page      ${sandbox.url}/oauth2/authorize\n` +
      `  test client     ${clientId.shown} / ${clientSecret.shown}\n` +
      `  redirect URIs   ${redirectUris.join(' ')}\n` +
      `  test user       ${username.shown} / ${password.shown}\n` +
      `sub APIs (${sandbox.operations.length} operations):\n${apis}\n` +
      `Press Ctrl+C to stop.\n`,
  );
  await stopped;
  await sandbox.close();
  process.stdout.write('docex sandbox stopped\n');
  return 0;
}
