// The operation specs of client.ts: what each method sends and accepts, read by the runtime (bindOperations).
// Written as an object literal a person reads and reviews (`satisfies` checks it against OperationSpec and the
// client's methods), except for large documents, where the compact form pays: one JSON member a line, parsed by the
// runtime on first use. The threshold and what it saves are in ARCHITECTURE.md ("Emitting TypeScript").
import { successMedia, type OperationModel } from '../model/index.js';
import type { OperationSpec } from '../../templates/runtime/types.js';

/** Above this many operations the specs are JSON text (tsc checks an object literal entry by entry). */
export const COMPACT_SPECS_ABOVE = 250;

/** A single-quoted TypeScript string literal: the one quote style of client.ts. */
export const q = (s: string) => `'${JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;

/** A `meta` + `items` collection: the client pages it, within the bound on `limit`. */
export function paging(op: OperationModel): { limitMax?: number } | undefined {
  const c = op.conventions.collection;
  if (c.kind !== 'page') return undefined;
  return c.limitMax === undefined ? {} : { limitMax: c.limitMax };
}

/** What the runtime reads for one operation; typed here against the runtime's own OperationSpec. */
export function operationSpec(op: OperationModel): OperationSpec {
  return {
    method: op.method as OperationSpec['method'],
    path: op.path,
    params: op.params.map((p) => ({ key: p.key, name: p.name, in: p.in, ...(p.explode === undefined ? {} : { explode: p.explode }), ...(p.style ? { style: p.style } : {}) })),
    ...(op.body ? { body: { mediaType: op.body.mediaType } } : {}),
    accept: successMedia(op).map((r) => r.mediaType),
    ...(paging(op) ? { paginated: paging(op) } : {}),
    ...(op.conventions.etag.etag ? { etag: true } : {}),
  } satisfies OperationSpec;
}

/** A property key: as it is when it is an identifier, else quoted. */
const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : q(k));

/** A JSON value as a TypeScript literal, one line (single quotes, identifier keys bare). */
function literal(v: unknown): string {
  if (typeof v === 'string') return q(v);
  if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v).map(([k, x]) => `${key(k)}: ${literal(x)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return String(v);
}

/** One operation's spec as an object literal, a property a line and a parameter a line, indented for `ops`. */
function specLiteral(name: string, spec: OperationSpec): string {
  const lines = Object.entries(spec).map(([k, v]) => {
    if (k === 'params' && Array.isArray(v) && v.length) return `    params: [\n${v.map((p) => `      ${literal(p)},`).join('\n')}\n    ],`;
    return `    ${k}: ${literal(v)},`;
  });
  return `  ${key(name)}: {\n${lines.join('\n')}\n  },`;
}

/** A single-quoted string literal of JSON text (its own escapes stay as they are). */
const jsonText = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The `ops` constant of client.ts: readable object literals, or for a large document JSON members, one a line. */
export function specsStatement(ops: OperationModel[], clientType: string): string {
  if (ops.length > COMPACT_SPECS_ABOVE) {
    const lines = ops.map((op) => `  ${jsonText(`${JSON.stringify(op.name)}: ${JSON.stringify(operationSpec(op))}`)},`);
    return `/** What each operation sends and accepts, read by the runtime: one JSON member of OperationSpec a line, by method name (compact: ${ops.length} operations). */\nconst ops: readonly string[] = [\n${lines.join('\n')}\n];`;
  }
  const body = ops.map((op) => specLiteral(op.name, operationSpec(op))).join('\n');
  return `/** What each operation sends and accepts, read by the runtime. */\nconst ops = {\n${body}\n} satisfies Record<keyof ${clientType}, OperationSpec>;`;
}
