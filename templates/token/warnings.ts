// Deprecation notices, once per process (per loaded copy of this module), through a hook the caller can silence.

export interface TokenWarning {
  code: 'DOCEX_PASSWORD_GRANT_DEPRECATED';
  message: string;
}
export type WarningHandler = (warning: TokenWarning) => void;

export const PASSWORD_GRANT_WARNING: TokenWarning = {
  code: 'DOCEX_PASSWORD_GRANT_DEPRECATED',
  message: 'The OAuth 2.0 password grant is deprecated after 1 June 2025. Migrate to the authorization code grant: '
    + 'send the user to tokens.authorizationUrl({ redirectUri }) and call tokens.exchangeCode({ code, redirectUri, state, expectedState }) '
    + 'on the redirect. Pass onWarning: () => {} to createTokenClient to silence this notice.',
};

const warned = new Set<string>();

interface NodeLikeProcess { emitWarning?: (message: string, options: { type: string; code: string }) => void }

/** Node: emitWarning of the process object (honours --no-deprecation); elsewhere console.warn. */
function defaultHandler(w: TokenWarning): void {
  const proc = (globalThis as { process?: NodeLikeProcess }).process;
  if (typeof proc?.emitWarning === 'function') proc.emitWarning(w.message, { type: 'DeprecationWarning', code: w.code });
  else console.warn(`DeprecationWarning [${w.code}]: ${w.message}`);
}

export function warnOnce(w: TokenWarning, handler: WarningHandler | undefined): void {
  if (warned.has(w.code)) return;
  warned.add(w.code);
  (handler ?? defaultHandler)(w);
}
