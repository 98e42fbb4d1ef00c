// Small documents for rule tests: an operation or two, optional components.
import { diffDocuments } from '../../generator/diff/index.js';
import type { Change, DiffOptions } from '../../generator/diff/index.js';
import type { OpenApiDocument } from '../../generator/load/types.js';

export type Json = { [key: string]: unknown };

export function api(paths: Json, components: Json = {}, extra: Json = {}): OpenApiDocument {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components, ...extra } as OpenApiDocument;
}

/** A GET /items whose 200 JSON body is `schema`. */
export function responding(schema: Json, components: Json = {}): OpenApiDocument {
  return api({ '/items': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } } } }, components);
}

/** A POST /items whose required JSON body is `schema`. */
export function accepting(schema: Json, components: Json = {}): OpenApiDocument {
  return api({ '/items': { post: { requestBody: { required: true, content: { 'application/json': { schema } } }, responses: { '201': { description: 'ok' } } } } }, components);
}

export function diff(base: OpenApiDocument, head: OpenApiDocument, options: DiffOptions = { today: '2026-01-01' }): Change[] {
  return diffDocuments(base, head, 'test', options);
}

/** `level id location` per change, in the engine's order. */
export function summary(changes: Change[]): string[] {
  return changes.map((c) => `${c.level} ${c.id} ${c.location}`);
}

export function isBreaking(changes: Change[]): boolean {
  return changes.some((c) => c.level === 'breaking');
}
