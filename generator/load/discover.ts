import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One API document of an `openapi/` tree: `token`, or `<subApi>/<version>`. */
export interface ApiEntry {
  /** `token` or `document/v1`: also the output folder under `generated/`. */
  id: string;
  subApi: string;
  version: string | undefined;
  file: string;
  /** Path relative to the tree's root, used in banners and messages. */
  relPath: string;
}

const VERSION = /^v\d+(?:\.\d+)*$/;

/** Lists `<root>/token/openapi.yaml` and `<root>/<subApi>/<version>/openapi.yaml`, sorted by id. */
export function discoverApis(root: string): ApiEntry[] {
  const entries: ApiEntry[] = [];
  for (const name of readdirSync(root).sort()) {
    const dir = join(root, name);
    if (name === 'shared' || !statSync(dir).isDirectory()) continue;
    const direct = join(dir, 'openapi.yaml');
    if (existsSync(direct)) entries.push({ id: name, subApi: name, version: undefined, file: direct, relPath: relative(root, direct) });
    for (const version of readdirSync(dir).sort()) {
      const file = join(dir, version, 'openapi.yaml');
      if (VERSION.test(version) && existsSync(file)) {
        entries.push({ id: `${name}/${version}`, subApi: name, version, file, relPath: relative(root, file) });
      }
    }
  }
  return entries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
