// The tools docex is measured or checked against that are not its dependencies: the benchmark's peers (hey-api,
// orval, Prism) and Spectral, which one test runs. Each is pinned here and installed with npm on first use into its
// own folder of ~/.cache/docex/bench-peers ($DOCEX_BENCH_PEERS names another), outside the project: several declare a
// newer Node than docex's engines, and none is needed by `npm ci`. Tests never install (no network): .ci/run does,
// with `node bench/lib/peers.mjs NAME...`, before them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * name -> the pinned version; `with`: packages installed beside it (a peer dependency it would otherwise get at its
 * newest); `overrides`: what its install needs. Both go into the folder's package.json.
 */
export const PEERS = {
  '@stoplight/prism-cli': { version: '5.16.0' },
  '@stoplight/spectral-cli': { version: '6.16.3' },
  // Its peer dependency typescript at docex's version: TypeScript 7 has no JavaScript API.
  '@hey-api/openapi-ts': { version: '0.99.0', with: { typescript: '5.9.3' } },
  // What hey-api's zod plugin output imports: the validation bench runs it against docex's validators.js.
  zod: { version: '4.6.7' },
  // orval 8.38's own range of @scalar/openapi-parser resolves to a release that does not install.
  orval: { version: '8.38.0', overrides: { '@scalar/openapi-parser': '0.29.8' } },
};

function pinned(name) {
  const peer = PEERS[name];
  if (!peer) throw new Error(`${name} is not a peer of bench/lib/peers.mjs`);
  return peer;
}

/** The folder a peer is installed into (npm --prefix). */
export function peerDir(name) {
  const root = process.env.DOCEX_BENCH_PEERS ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'docex', 'bench-peers');
  return join(root, `${name.replace(/^@[^/]+\//, '')}-${pinned(name).version}`);
}

/**
 * The peer's package.json, or undefined when it is not installed (with `install`, npm installs it first). Throws when
 * the folder holds another version than the pinned one.
 */
export function peerPackage(name, { install = false, log = () => {} } = {}) {
  const { version, with: beside, overrides } = pinned(name);
  const dir = peerDir(name);
  const pkg = join(dir, 'node_modules', ...name.split('/'), 'package.json');
  if (!existsSync(pkg) && install) {
    log(`installing ${name}@${version} into ${dir} (once)`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, dependencies: { [name]: version, ...beside }, ...(overrides ? { overrides } : {}) }, null, 2) + '\n');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', '--prefix', dir], { stdio: 'ignore', timeout: 600_000 });
  }
  if (!existsSync(pkg)) return undefined;
  const found = JSON.parse(readFileSync(pkg, 'utf8')).version;
  if (found !== version) throw new Error(`${dir} holds ${name} ${found}, not ${version}`);
  return pkg;
}

/** The JS file of the peer's bin `bin` (its only one by default), run with node; undefined when not installed. */
export function peerBin(name, { bin, install = false, log } = {}) {
  const pkg = peerPackage(name, { install, log });
  if (!pkg) return undefined;
  const bins = JSON.parse(readFileSync(pkg, 'utf8')).bin;
  return join(dirname(pkg), typeof bins === 'string' ? bins : bins[bin ?? Object.keys(bins)[0]]);
}

// `node bench/lib/peers.mjs NAME...`: installs those peers (all without a name) and prints where each is.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const names = process.argv.slice(2);
  for (const name of names.length ? names : Object.keys(PEERS)) {
    peerPackage(name, { install: true, log: (line) => process.stdout.write(`${line}\n`) });
    process.stdout.write(`${name}@${pinned(name).version} is in ${peerDir(name)}\n`);
  }
}
