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

function errCode(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : 'error';
}

export class FileTokenStore implements TokenStore {
  readonly path: string;

  constructor(path: string) {
    this.path = resolve(path);
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
      if (!name.startsWith(prefix) || !/\.[0-9a-f]{12}\.tmp$/.test(name)) continue;
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
