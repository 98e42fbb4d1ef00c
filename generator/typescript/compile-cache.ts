// V8's code cache for the large CommonJS modules docex loads on every generate (typescript.js is 9 MB): compiling it
// is on the TypeScript thread's path, and the cache makes it a deserialisation (see bench/README.md#behind-the-design-decisions). Node 22 does this for
// every module (module.enableCompileCache(), which is used where it exists); Node 20 has only the primitive,
// vm.Script's cachedData, used here for the modules named. The cache is keyed by the file (path, size, mtime), Node's
// version and arch; V8 checks its own flags and the source hash and rejects a stale entry, which is then rewritten.
// Nothing depends on it: any failure (unwritable folder, rejected data) loads the module as require() would.
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

const require = createRequire(import.meta.url);

/** Where the entries go: NODE_COMPILE_CACHE, as for Node 22's cache, else a folder per user in os.tmpdir(). */
export function cacheDir(): string {
  if (process.env.NODE_COMPILE_CACHE) return process.env.NODE_COMPILE_CACHE;
  let user = 'user';
  try {
    user = String(userInfo().uid);
  } catch {
    // no user database entry: one shared name
  }
  return join(tmpdir(), `docex-compile-cache-${user}`);
}

interface Pending {
  script: Script;
  file: string;
}
const unsaved: Pending[] = [];

type Enable = { enableCompileCache?: (dir?: string) => unknown };

/**
 * The module `id` (resolved from `from`, default docex), loaded through the code cache and registered in
 * require.cache, so every later require() of it, from any package, gets this instance. NODE_DISABLE_COMPILE_CACHE=1
 * turns it off, as it does Node 22's.
 */
export function requireCached<T>(id: string, from: NodeJS.Require = require): T {
  const path = from.resolve(id);
  const known = require.cache[path];
  if (known) return known.exports as T;
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return require(path) as T;
  if (typeof (Module as unknown as Enable).enableCompileCache === 'function') {
    (Module as unknown as Enable).enableCompileCache!();
    return require(path) as T;
  }
  let source: string;
  let file: string;
  let cachedData: Buffer | undefined;
  try {
    // typescript.js is ASCII: read as latin1 it is the same string, sooner than through Node's UTF-8 decoder.
    const bytes = readFileSync(path);
    source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
    const { size, mtimeMs } = statSync(path);
    const key = createHash('sha256').update(`${path}\0${size}\0${mtimeMs}\0${process.version}\0${process.arch}`).digest('hex').slice(0, 32);
    file = join(cacheDir(), `${key}.bin`);
    try {
      cachedData = readFileSync(file);
    } catch {
      cachedData = undefined;
    }
  } catch {
    return require(path) as T;
  }
  const script = new Script(Module.wrap(source), { filename: path, cachedData });
  const mod = new Module(path, undefined);
  mod.filename = path;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(path));
  require.cache[path] = mod;
  try {
    const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
    wrapper.call(mod.exports, mod.exports, createRequire(path), mod, path, dirname(path));
  } catch (err) {
    delete require.cache[path];
    throw err;
  }
  mod.loaded = true;
  if (cachedData === undefined || script.cachedDataRejected) unsaved.push({ script, file });
  return mod.exports as T;
}

/**
 * Writes the entries that were missing or stale. Called after the modules have done their work, so the data also
 * holds the functions compiled meanwhile (V8 compiles lazily). Written to a temporary name and renamed: a concurrent
 * docex never reads half an entry.
 */
export function saveCompileCache(): void {
  for (const { script, file } of unsaved.splice(0)) {
    try {
      mkdirSync(dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, file);
    } catch {
      // a cache that cannot be written costs the next run its compile, nothing else
    }
  }
}
