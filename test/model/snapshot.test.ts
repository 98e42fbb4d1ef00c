// The model of each document in openapi/, as JSON: the one operation record the emitter, the docs and the sandbox
// read, so that every change to it shows in review. UPDATE_GOLDEN=1 rewrites test/model/snapshots/.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFile, discoverApis } from '../../generator/load/index.js';
import { buildApiModel } from '../../generator/model/index.js';
import { repoRoot } from '../helpers/run-docex.js';

const snapshots = join(repoRoot, 'test/model/snapshots');
const entries = discoverApis(join(repoRoot, 'openapi'));
const fileOf = (id: string) => `${id.replace(/\//g, '-')}.json`;

/** JSON with two-space indents, where an object or array of plain values that fits 120 columns stays on one line
 *  (a location, a media type, a parameter), so that a change to the record is a short diff. */
function pretty(v: unknown, indent = ''): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const entries: [string | undefined, unknown][] = Array.isArray(v) ? v.map((x) => [undefined, x]) : Object.entries(v);
  const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return `${open}${close}`;
  const item = ([k, x]: [string | undefined, unknown], at: string) => `${k === undefined ? '' : `${JSON.stringify(k)}: `}${pretty(x, at)}`;
  const plain = entries.every(([, x]) => x === null || typeof x !== 'object' || Object.keys(x).length === 0);
  const one = `${open} ${entries.map((e) => item(e, indent)).join(', ')} ${close}`;
  if (plain && indent.length + one.length <= 120) return one;
  return `${open}\n${entries.map((e) => `${indent}  ${item(e, `${indent}  `)}`).join(',\n')}\n${indent}${close}`;
}

if (process.env.UPDATE_GOLDEN) {
  rmSync(snapshots, { recursive: true, force: true });
  mkdirSync(snapshots, { recursive: true });
}

describe.each(entries.map((e) => [e.id, e] as const))('model snapshot: %s', (id, entry) => {
  it('is test/model/snapshots/<api>.json (rewrite with UPDATE_GOLDEN=1 and review the diff)', async () => {
    const { document } = await bundleFile(entry.file, { mode: 'own' });
    const source = entry.relPath.split('\\').join('/');
    const apiPath = entry.version ? `${entry.subApi}/${entry.version}/` : `${entry.subApi}/`;
    const model = buildApiModel(document, { id, name: entry.subApi, apiPath, source });
    const text = `${pretty(model)}\n`;
    expect(JSON.parse(text)).toEqual(model);
    const file = join(snapshots, fileOf(id));
    if (process.env.UPDATE_GOLDEN) writeFileSync(file, text);
    // Locations are the document's path under openapi/ and a JSON pointer: no absolute path, nothing of this machine.
    expect(text).not.toContain(repoRoot);
    expect(text).toBe(readFileSync(file, 'utf8'));
  });
});

it('has a snapshot for each document and none for a document that is gone', () => {
  expect(readdirSync(snapshots).sort()).toEqual(entries.map((e) => fileOf(e.id)).sort());
});
