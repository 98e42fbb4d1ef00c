// The operation specs of client.ts: what each method sends and accepts, read by the runtime (bindOperations).
// Written as an object literal a person reads and reviews (`satisfies` checks it against OperationSpec and the
// client's methods), except for large documents, where the compact form pays: one JSON member a line, parsed by the
// runtime on first use. The threshold and what it saves are in ARCHITECTURE.md ("Emitting TypeScript").
import { successMedia, type ApiModel, type OperationModel, type StreamReading } from '../model/index.js';
import type { OperationSpec } from '../../templates/runtime/types.js';
import { metSchemes, paging, typedErrors } from './client-features.js';
import { runtimeType, type Use } from './imports.js';
import { q } from './print.js';

/** Above this many operations the specs are JSON text (tsc checks an object literal entry by entry). */
export const COMPACT_SPECS_ABOVE = 250;

/** The status key of a declared error body as the runtime looks it up: `404`, `4XX`, `default`. */
const errorKey = (status: string) => (/^default$/i.test(status) ? 'default' : status.toUpperCase());

/** What the runtime reads for one operation; typed here against the runtime's own OperationSpec. */
function operationSpec(op: OperationModel, api: ApiModel): OperationSpec {
  const errors = typedErrors(op, api) ? op.errorBodies : [];
  const pages = paging(op);
  return {
    method: op.method as OperationSpec['method'],
    path: op.path,
    params: op.params.map((p) => ({
      key: p.key,
      name: p.name,
      in: p.in,
      ...(p.explode === undefined ? {} : { explode: p.explode }),
      ...(p.style ? { style: p.style } : {}),
      ...(p.allowReserved ? { allowReserved: true } : {}),
      ...(p.content ? { content: p.content } : {}),
      ...(p.encoding ? { encoding: p.encoding } : {}),
    })),
    ...(op.body ? { body: { mediaType: op.body.mediaType, ...(op.body.encoding ? { encoding: op.body.encoding } : {}) } } : {}),
    accept: successMedia(op).map((r) => r.mediaType),
    ...(pages ? { paging: pages } : {}),
    ...(op.conventions.etag.etag ? { etag: true } : {}),
    ...(op.security && metSchemes(api).length ? { security: op.security } : {}),
    ...(op.server !== undefined ? { server: op.server } : {}),
    ...(op.conventions.stream ? { stream: streamSpec(op.conventions.stream) } : {}),
    ...(errors.length
      ? { errors: Object.fromEntries(errors.map((e) => [errorKey(e.status), e.mediaType ? { ...(e.type ? { type: e.type } : {}), ...(e.required.length ? { required: e.required } : {}) } : false])) }
      : {}),
  } satisfies OperationSpec;
}

/** How the runtime reads a streamed response (runtime/stream.ts). */
function streamSpec(s: StreamReading): NonNullable<OperationSpec['stream']> {
  const format = s.mediaType === 'text/event-stream' ? 'sse' : s.mediaType === 'application/json-seq' ? 'json-seq' : 'jsonl';
  return { format, ...(s.json ? { json: s.json } : {}), ...(format === 'sse' && s.events.includes('error') ? { errorItem: true as const } : {}), ...(s.terminal !== undefined ? { terminal: s.terminal } : {}), ...(s.resumable && format === 'sse' ? { resumable: true } : {}) };
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

/** One operation's spec as an object literal, a property a line and a parameter a line, indented for `ops`; its
 *  `errors`, and its error bodies, by a shared constant's name where several declare the same (sharedErrorSpecs). */
function specLiteral(name: string, spec: OperationSpec, shared: ReturnType<typeof sharedErrorSpecs>): string {
  const lines = Object.entries(spec).map(([k, v]) => {
    if (k === 'params' && Array.isArray(v) && v.length) return `    params: [\n${v.map((p) => `      ${literal(p)},`).join('\n')}\n    ],`;
    if (k === 'errors') {
      const text = errorsLiteral(v as ErrorsSpec, shared.bodies);
      return `    errors: ${shared.maps.get(text) ?? text},`;
    }
    return `    ${k}: ${literal(v)},`;
  });
  return `  ${key(name)}: {\n${lines.join('\n')}\n  },`;
}

type ErrorsSpec = NonNullable<OperationSpec['errors']>;

/** An operation's `errors` as a literal, each body by its shared constant's name where it has one. */
const errorsLiteral = (errors: ErrorsSpec, shared: ReadonlyMap<string, string>) =>
  `{ ${Object.entries(errors).map(([s, e]) => `${key(s)}: ${shared.get(literal(e)) ?? literal(e)}`).join(', ')} }`;

/**
 * The error bodies (`errorBody1`...) and the operations' `errors` (`errors1`...) written more than once, each named
 * once, in first use order: tsc types an object literal at each place it is written and relates each to
 * OperationSpec's, so every copy would cost it a type and a comparison of its own (ARCHITECTURE.md, "Emitting
 * TypeScript"). Each: literal text -> name.
 */
function sharedErrorSpecs(specs: OperationSpec[]): { bodies: Map<string, string>; maps: Map<string, string> } {
  const named = (texts: string[], prefix: string) => {
    const uses = new Map<string, number>();
    for (const t of texts) uses.set(t, (uses.get(t) ?? 0) + 1);
    let n = 0;
    return new Map([...uses].filter(([, count]) => count > 1).map(([t]) => [t, `${prefix}${++n}`]));
  };
  const errors = specs.flatMap((s) => (s.errors ? [s.errors] : []));
  const bodies = named(errors.flatMap((e) => Object.values(e).filter((b) => b !== false).map(literal)), 'errorBody');
  return { bodies, maps: named(errors.map((e) => errorsLiteral(e, bodies)), 'errors') };
}

/** A single-quoted string literal of JSON text (its own escapes stay as they are). */
const jsonText = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * The `ops` constant of client.ts: readable object literals, or for a large document JSON members, one a line; and
 * the runtime types it names (the compact form names OperationSpec in its comment only).
 */
export function specsStatement(ops: OperationModel[], clientType: string, api: ApiModel): { text: string; uses: Use[] } {
  if (ops.length > COMPACT_SPECS_ABOVE) {
    const lines = ops.map((op) => `  ${jsonText(`${JSON.stringify(op.access.join('.'))}: ${JSON.stringify(operationSpec(op, api))}`)},`);
    const text = `/** What each operation sends and accepts, read by the runtime: one JSON member of OperationSpec a line, by method path (compact: ${ops.length} operations). */\nconst ops: readonly string[] = [\n${lines.join('\n')}\n];`;
    return { text, uses: [runtimeType('OperationSpec')] };
  }
  const specs = ops.map((op) => operationSpec(op, api));
  const shared = sharedErrorSpecs(specs);
  // Annotated: a constant is not typed by the `satisfies` below, so `false` (a status without a body) would widen.
  const consts = (named: Map<string, string>, type: string) => [...named].map(([text, name]) => `const ${name}: ${type} = ${text};\n`).join('');
  const bodies = consts(shared.bodies, 'ErrorSpec');
  const maps = consts(shared.maps, 'Readonly<Record<string, ErrorSpec>>');
  const body = specs.map((spec, i) => specLiteral(ops[i]!.access.join('.'), spec, shared)).join('\n');
  // In resources, keyed by the method's dotted path (`'repos.get'`), which MethodPath lists.
  const nested = ops.some((op) => op.access.length > 1);
  const text =
    (bodies ? `/** Error bodies several statuses declare: the JSON type and required properties the runtime checks a body against. */\n${bodies}\n` : '') +
    (maps ? `/** The error statuses with a body that several operations declare alike, and their bodies. */\n${maps}\n` : '') +
    `/** What each operation sends and accepts, read by the runtime. */\nconst ops = {\n${body}\n} satisfies Record<${nested ? `MethodPath<${clientType}>` : `keyof ${clientType}`}, OperationSpec>;`;
  return { text, uses: [runtimeType('OperationSpec'), ...(nested ? [runtimeType('MethodPath')] : []), ...(bodies || maps ? [runtimeType('ErrorSpec')] : [])] };
}
