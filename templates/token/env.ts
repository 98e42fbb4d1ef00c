// Credentials from the environment (secrets live in secret management, never in code or config files).
// Browser-safe: `process` is looked up on globalThis, so a browser bundle simply finds no environment.

export interface DocexEnv {
  authUrl?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
}

export function readDocexEnv(): DocexEnv {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  const get = (name: string) => (env[name] ? env[name] : undefined);
  return {
    authUrl: get('DOCEX_AUTH_URL'),
    clientId: get('DOCEX_CLIENT_ID'),
    clientSecret: get('DOCEX_CLIENT_SECRET'),
    username: get('DOCEX_USERNAME'),
    password: get('DOCEX_PASSWORD'),
  };
}
