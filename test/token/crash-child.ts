// Run in a child process by client-crash-process.test.ts (bundled with esbuild): signs in or forces one refresh
// with a FileTokenStore, and kills itself with SIGKILL around the save when CRASH says so.
import { createHash } from 'node:crypto';
import { tokenClientFromEnv, type StoredTokens, type TokenStore } from '../../templates/token/index.js';
import { FileTokenStore } from '../../templates/token/node.js';

const file = new FileTokenStore(process.env['STORE_PATH'] ?? '');
const crash = process.env['CRASH'] ?? 'none';
const store: TokenStore = {
  load: () => file.load(),
  lock: (fn) => file.lock(fn),
  clear: () => file.clear(),
  async save(t: StoredTokens) {
    if (crash === 'before-save') process.kill(process.pid, 'SIGKILL');
    await file.save(t);
    if (crash === 'after-save') process.kill(process.pid, 'SIGKILL');
  },
};

const tokens = tokenClientFromEnv({ store, onWarning: () => {} });
if (process.env['ACTION'] === 'sign-in') {
  await tokens.signInWithPassword();
} else if (process.env['ACTION'] === 'get') {
  // Prints a digest, never the token itself.
  process.stdout.write(`${createHash('sha256').update(await tokens.getAccessToken()).digest('hex')}\n`);
} else {
  // Force a refresh now, as after a 401, instead of waiting for expiry.
  await tokens.refreshAfterUnauthorized(await tokens.getAccessToken());
}
process.stdout.write('done\n');
