// The harness of the any-API tests: each fixture of fixtures/any-api/ generated into a client of its own, all of them
// merged into one document for one Prism process; the recorder that keeps the exact bytes of every request a client
// sends and passes it on to Prism (which validates it against the document) is bench/lib/prism.mjs's, shared with the
// calls benchmark.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { fixtures } from './helpers.js';

export const anyApiFixtures = join(fixtures, 'any-api');

type Json = Record<string, unknown>;

/** The fixture document of `name` (its YAML parsed). */
export const fixtureDocument = (name: string): Json => parse(readFileSync(join(anyApiFixtures, `${name}.yaml`), 'utf8')) as Json;

/**
 * One document serving every fixture: their paths (each fixture's own prefix, so none collide), components and
 * top-level servers together; a fixture's top-level `security` moves into its operations that declare none, which is
 * what it means for them.
 */
export function mergeForPrism(names: readonly string[], file: string): void {
  const merged = { openapi: '3.0.3', info: { title: 'any-api fixtures', version: '1' }, servers: [] as unknown[], paths: {} as Json, components: {} as Record<string, Json> };
  for (const name of names) {
    const doc = fixtureDocument(name);
    merged.servers.push(...((doc.servers as unknown[] | undefined) ?? []));
    for (const [kind, map] of Object.entries((doc.components as Record<string, Json> | undefined) ?? {})) {
      for (const [key, value] of Object.entries(map)) {
        if (merged.components[kind]?.[key] !== undefined) throw new Error(`${name}: components/${kind}/${key} is declared by another fixture`);
        (merged.components[kind] ??= {})[key] = value;
      }
    }
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      if (merged.paths[path] !== undefined) throw new Error(`${name}: ${path} is declared by another fixture`);
      for (const op of Object.values(item)) if (op && typeof op === 'object' && !Array.isArray(op) && doc.security && !('security' in op) && 'responses' in op) (op as Json).security = doc.security;
      merged.paths[path] = item;
    }
  }
  writeFileSync(file, JSON.stringify(merged, null, 2));
}

/** The parts of a multipart/form-data body (RFC 7578), read with nothing but string splitting. */
export function multipartParts(contentType: string | undefined, body: Buffer): { name?: string; filename?: string; type?: string; data: string }[] {
  const boundary = /boundary=([^;]+)/.exec(contentType ?? '')?.[1];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const text = body.toString('latin1');
  const sections = text.split(`--${boundary}`);
  if (sections.at(-1) !== '--\r\n') throw new Error('the body does not end with the closing boundary');
  return sections.slice(1, -1).map((s) => {
    const [head, ...rest] = s.replace(/^\r\n/, '').split('\r\n\r\n');
    const data = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    const lines = head!.split('\r\n');
    const disposition = lines.find((l) => /^content-disposition:/i.test(l)) ?? '';
    return {
      name: /; name="([^"]*)"/.exec(disposition)?.[1],
      filename: /; filename="([^"]*)"/.exec(disposition)?.[1],
      type: lines.find((l) => /^content-type:/i.test(l))?.replace(/^content-type:\s*/i, ''),
      data,
    };
  });
}
