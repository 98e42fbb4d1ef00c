// FileTokenStore: the only Node-only module of the token client.
// Writes are atomic: a temp file (mode 0600) in the same directory, fsync, rename over the target, fsync of the
// directory. A crash leaves either the old file or the new one, never a torn one; a torn temp file is never read
// and is removed by a later save once it is a minute old.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { TokenError } from './errors.js';
import { isStoredTokens, type StoredTokens, type TokenStore } from './store.js';

const STALE_TEMP_MS = 60_000;

export interface FileTokenStoreOptions {
  /** How long lock() waits for another process's lock before failing; default 60 s. */
  lockTimeoutMs?: number | undefined;
  /** A lock older than this is taken over even if its process seems alive; default 120 s (token requests time out
   *  after 30 s by default). */
  staleLockMs?: number | undefined;
}

function errCode(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : 'error';
}

export class FileTokenStore implements TokenStore {
  readonly path: string;
  readonly #lockTimeoutMs: number;
  readonly #staleLockMs: number;

  constructor(path: string, options: FileTokenStoreOptions = {}) {
    this.path = resolve(path);
    this.#lockTimeoutMs = options.lockTimeoutMs ?? 60_000;
    this.#staleLockMs = options.staleLockMs ?? 120_000;
  }

  /** Cross-process lock: `<path>.lock`, created exclusively, holding the owner's pid. A lock whose process is gone
   *  (or older than staleLockMs) is taken over; two waiters taking over the same stale lock at once is a remaining,
   *  rare race. */
  async lock<T>(fn: () => Promise<T>): Promise<T> {
    const lockPath = `${this.path}.lock`;
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 }).catch(() => undefined);
    const deadline = Date.now() + this.#lockTimeoutMs;
    for (;;) {
      try {
        const h = await open(lockPath, 'wx', 0o600);
        try {
          await h.writeFile(JSON.stringify({ pid: process.pid, at: Date.now() }));
        } finally {
          await h.close();
        }
        break;
      } catch (err) {
        if (errCode(err) !== 'EEXIST') throw new TokenError('store_failed', `Cannot create the lock file ${lockPath} (${errCode(err)}).`);
      }
      if (await this.#isStale(lockPath)) {
        await unlink(lockPath).catch(() => undefined);
        continue;
      }
      if (Date.now() > deadline) throw new TokenError('store_failed', `Timed out waiting for the lock file ${lockPath}; delete it if no docex process is running.`);
      await new Promise((ok) => setTimeout(ok, 10 + Math.random() * 30));
    }
    try {
      return await fn();
    } finally {
      await unlink(lockPath).catch(() => undefined);
    }
  }

  async #isStale(lockPath: string): Promise<boolean> {
    try {
      const [text, info] = await Promise.all([readFile(lockPath, 'utf8'), stat(lockPath)]);
      const age = Date.now() - info.mtimeMs;
      let owner: { pid?: unknown } = {};
      try {
        owner = JSON.parse(text) as { pid?: unknown };
      } catch {
        return age > 5_000; // its creator died between creating and writing it
      }
      if (age > this.#staleLockMs) return true;
      if (typeof owner.pid !== 'number' || owner.pid === process.pid) return false;
      try {
        process.kill(owner.pid, 0);
        return false;
      } catch (err) {
        return errCode(err) === 'ESRCH';
      }
    } catch {
      return false; // released meanwhile: just try again
    }
  }

  async load(): Promise<StoredTokens | undefined> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (err) {
      if (errCode(err) === 'ENOENT') return undefined;
      throw new TokenError('store_failed', `Cannot read the token file ${this.path} (${errCode(err)}).`);
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (!isStoredTokens(value)) {
      throw new TokenError('store_failed', `The token file ${this.path} is not a docex token file; delete it and sign in again.`);
    }
    return value;
  }

  async save(tokens: StoredTokens): Promise<void> {
    const dir = dirname(this.path);
    const temp = join(dir, `${basename(this.path)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.chmod(0o600); // whatever the umask
        await handle.writeFile(JSON.stringify(tokens, null, 2) + '\n', 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, this.path);
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw new TokenError('store_failed', `Cannot write the token file ${this.path} (${errCode(err)}).`);
    }
    await syncDir(dir);
    await this.removeStaleTemps(dir);
  }

  async clear(): Promise<void> {
    try {
      await unlink(this.path);
    } catch (err) {
      if (errCode(err) !== 'ENOENT') throw new TokenError('store_failed', `Cannot delete the token file ${this.path} (${errCode(err)}).`);
    }
    await syncDir(dirname(this.path));
  }

  toJSON(): { type: string; path: string } {
    return { type: 'FileTokenStore', path: this.path };
  }

  /** Temp files left by a crash hold tokens: remove ours once no writer can still be using them. */
  private async removeStaleTemps(dir: string): Promise<void> {
    const prefix = `${basename(this.path)}.`;
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (!name.startsWith(prefix) || !/\.[0-9a-f]{12}\.tmp$/.test(name)) continue; // never the lock file
      const file = join(dir, name);
      try {
        if (Date.now() - (await stat(file)).mtimeMs > STALE_TEMP_MS) await unlink(file);
      } catch {
        // Gone already or not ours to remove.
      }
    }
  }
}

/** Makes the rename durable; not every platform can open a directory (Windows), which is fine. */
async function syncDir(dir: string): Promise<void> {
  try {
    const h = await open(dir, 'r');
    try {
      await h.sync();
    } finally {
      await h.close();
    }
  } catch {
    // Best effort.
  }
}
