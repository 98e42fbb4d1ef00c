// What a client developer sees on hover, measured as an editor measures it: TypeScript's language service
// (getQuickInfoAtPosition) over a consumer that calls every method of a generated client with every parameter and
// every top-level body property. The expectations come from the document itself, not from the model the emitter read.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { errorStatuses, type ApiModel, type OperationModel } from '../../generator/model/index.js';
import type { OpenApiDocument, ParameterObject, RequestBodyObject, SchemaObject } from '../../generator/load/index.js';
import { deref } from '../../generator/load/index.js';
import { errorClassName } from '../../templates/runtime/errors.js';

const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');

export interface HoverCoverage {
  /** Parameters whose document text (description) the hover shows, of those the document describes. */
  params: { described: number; shown: number };
  /** Top-level request body properties the document describes, and those whose hover shows it. */
  bodyProps: { described: number; shown: number };
  /** `body` of operations whose request body (or its schema) is described. */
  bodies: { described: number; shown: number };
  /** Methods whose hover shows `GET /path`, and each error class of its declared statuses as @throws. */
  methods: { total: number; httpLine: number; withErrors: number; throws: number };
  /** Paginated methods whose all() and pages() hovers have text of their own (not the method's). */
  paging: { total: number; own: number };
  /** Deprecated operations, and those whose hover has @deprecated (with the x-sunset date where there is one). */
  deprecated: { total: number; shown: number };
  /** Of the parameters and body properties whose schema gives a default or a bound (minimum, maxItems...), those whose
   *  hover shows every one of them. */
  bounds: { given: number; shown: number };
  /** What did not show, one line each (`listDocuments offset: no description`). */
  misses: string[];
}

/** Whitespace collapsed and JSDoc escapes undone, so that a comment's line breaks do not count. */
const norm = (s: string) => s.replace(/\*\\\//g, '*/').replace(/\s+/g, ' ').trim();

function pointer(doc: OpenApiDocument, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

/** The parameters of an operation as the document declares them (path item's, then the operation's), by in:name. */
function documentParams(doc: OpenApiDocument, op: OperationModel): Map<string, ParameterObject> {
  const item = deref<Record<string, unknown>>(doc, doc.paths?.[op.path] as never)!;
  const operation = item[op.method.toLowerCase()] as { parameters?: unknown[] };
  const out = new Map<string, ParameterObject>();
  for (const p of [...((item['parameters'] as unknown[]) ?? []), ...(operation.parameters ?? [])]) {
    const r = deref<ParameterObject>(doc, p as ParameterObject);
    if (r) out.set(`${r.in}:${r.name}`, r);
  }
  return out;
}

function operationObject(doc: OpenApiDocument, op: OperationModel): Record<string, unknown> {
  const item = deref<Record<string, unknown>>(doc, doc.paths?.[op.path] as never)!;
  return item[op.method.toLowerCase()] as Record<string, unknown>;
}

/** The body schema's own top-level properties (its allOf members' too), each with the schema written there. */
function bodyProperties(doc: OpenApiDocument, schema: SchemaObject | undefined, depth = 0): [string, SchemaObject][] {
  const s = deref<SchemaObject>(doc, schema);
  if (!s || depth > 5) return [];
  const own = Object.entries((s.properties ?? {}) as Record<string, SchemaObject>);
  return [...own, ...((s.allOf ?? []) as SchemaObject[]).flatMap((m) => bodyProperties(doc, m, depth + 1))];
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

interface Probe {
  at: number;
  check: (text: string, info: import('typescript').QuickInfo | undefined) => void;
}

/**
 * Hover coverage of one generated API. `files`: the API's folder and the runtime, by absolute path (the consumer is
 * written beside client.ts); `doc`: the document it was generated from; `api`: its model (method and key names).
 */
export function hoverCoverage(files: ReadonlyMap<string, string>, clientPath: string, api: ApiModel, doc: OpenApiDocument): HoverCoverage {
  const cov: HoverCoverage = {
    params: { described: 0, shown: 0 },
    bodyProps: { described: 0, shown: 0 },
    bodies: { described: 0, shown: 0 },
    methods: { total: 0, httpLine: 0, withErrors: 0, throws: 0 },
    paging: { total: 0, own: 0 },
    deprecated: { total: 0, shown: 0 },
    bounds: { given: 0, shown: 0 },
    misses: [],
  };
  /** `@default`, `@minimum 1`...: what the hover of a value with this schema must show besides its description. */
  const expectedTags = (schema: SchemaObject | undefined): string[] => {
    const sch = deref<SchemaObject>(doc, schema);
    if (!sch) return [];
    const tags = ['minimum', 'maximum', 'minItems', 'maxItems', 'minLength', 'maxLength'].filter((k) => typeof sch[k] === 'number').map((k) => `@${k} ${sch[k] as number}`);
    return sch.default !== undefined ? ['@default', ...tags] : tags;
  };
  const boundsProbe = (what: string, schema: SchemaObject | undefined, shown: string) => {
    const tags = expectedTags(schema);
    if (!tags.length) return;
    cov.bounds.given++;
    const missing = tags.filter((t) => !shown.includes(t));
    if (missing.length === 0) cov.bounds.shown++;
    else cov.misses.push(`${what}: no ${missing.join(', ')}`);
  };
  const probes: Probe[] = [];
  let text = `import { ${api.factory} } from './client.js';\ndeclare const x: any;\nconst api = ${api.factory}({ baseUrl: '' });\n`;
  const methodHover = new Map<string, string>();

  for (const op of api.operations) {
    const operation = operationObject(doc, op);
    const declared = documentParams(doc, op);
    const call = (member: string) => {
      text += `api.${op.name}${member ? `.${member}` : ''}({ `;
      const at = text.length - 3 - (member ? member.length + 1 : 0) - op.name.length;
      for (const p of op.params) {
        const d = declared.get(`${p.in}:${p.name}`);
        const description = d?.description;
        const where = text.length;
        text += `${key(p.key)}: x, `;
        if (member) continue;
        if (description) cov.params.described++;
        probes.push({
          at: where,
          check: (shown) => {
            boundsProbe(`${op.name} ${p.key}`, d?.schema, shown);
            if (!description) return;
            if (norm(shown).includes(norm(description))) cov.params.shown++;
            else cov.misses.push(`${op.name} ${p.key}: no description`);
          },
        });
      }
      if (op.body) {
        const rb = deref<RequestBodyObject>(doc, operation['requestBody'] as RequestBodyObject)!;
        const media = (rb.content as Record<string, { schema?: SchemaObject }>)[op.body.mediaType];
        const schema = deref<SchemaObject>(doc, media?.schema);
        const description = rb.description ?? schema?.description;
        const where = text.length;
        text += 'body: { ';
        if (!member && description) {
          cov.bodies.described++;
          probes.push({
            at: where,
            check: (shown) => {
              if (norm(shown).includes(norm(description))) cov.bodies.shown++;
              else cov.misses.push(`${op.name} body: no description`);
            },
          });
        }
        for (const [name, s] of member ? [] : bodyProperties(doc, media?.schema)) {
          const pAt = text.length;
          text += `${key(name)}: x, `;
          const pd = (s as SchemaObject).description as string | undefined;
          if (pd) cov.bodyProps.described++;
          probes.push({
            at: pAt,
            check: (shown) => {
              boundsProbe(`${op.name} body.${name}`, s, shown);
              if (!pd) return;
              if (norm(shown).includes(norm(pd))) cov.bodyProps.shown++;
              else cov.misses.push(`${op.name} body.${name}: no description`);
            },
          });
        }
        text += '}, ';
      }
      text += '});\n';
      return at;
    };
    const at = call('');
    cov.methods.total++;
    const line = `${op.method} ${op.path}`;
    const classes = [...new Set(errorStatuses(op).map((s) => errorClassName(s)))];
    if (classes.length) cov.methods.withErrors++;
    const deprecated = operation['deprecated'] === true;
    const written = operation['x-sunset'];
    const sunset = typeof written === 'string' ? written : written instanceof Date ? written.toISOString().slice(0, 10) : undefined;
    if (deprecated) cov.deprecated.total++;
    probes.push({
      at,
      check: (shown, info) => {
        methodHover.set(op.name, shown);
        if (shown.includes(line)) cov.methods.httpLine++;
        else cov.misses.push(`${op.name}: no HTTP line`);
        const thrown = (info?.tags ?? []).filter((t) => t.name === 'throws').map((t) => ts.displayPartsToString(t.text));
        if (classes.length) {
          const missing = classes.filter((c) => !thrown.some((t) => t.includes(c)));
          if (missing.length === 0) cov.methods.throws++;
          else cov.misses.push(`${op.name}: no @throws ${missing.join(', ')}`);
        }
        if (deprecated) {
          const tag = (info?.tags ?? []).find((t) => t.name === 'deprecated');
          if (tag && (!sunset || ts.displayPartsToString(tag.text).includes(sunset))) cov.deprecated.shown++;
          else cov.misses.push(`${op.name}: no @deprecated${sunset ? ` ${sunset}` : ''}`);
        }
      },
    });
    if (op.conventions.collection.kind === 'page' && /all\(/.test(files.get(clientPath) ?? '')) {
      cov.paging.total++;
      const hovers: string[] = [];
      for (const member of ['all', 'pages']) {
        const before = text.length;
        call(member);
        probes.push({
          at: before + `api.${op.name}.`.length,
          check: (shown) => {
            hovers.push(shown);
            if (hovers.length < 2) return;
            const own = hovers.every((h) => norm(h) !== norm(methodHover.get(op.name) ?? '') && /yield/i.test(h)) && hovers[0] !== hovers[1];
            if (own) cov.paging.own++;
            else cov.misses.push(`${op.name}: all()/pages() without text of their own`);
          },
        });
      }
    }
  }

  const consumer = join(dirname(clientPath), '__hover-consumer.ts');
  const all = new Map(files);
  all.set(consumer, text);
  const service = languageService(all, consumer);
  for (const probe of probes) {
    const info = service.getQuickInfoAtPosition(consumer, probe.at);
    probe.check(info ? quickInfoText(info) : '', info);
  }
  return cov;
}

/** A hover as the editor shows it: the signature line, the documentation, then each tag. */
export function quickInfoText(info: import('typescript').QuickInfo): string {
  const parts = [ts.displayPartsToString(info.displayParts), ts.displayPartsToString(info.documentation)];
  for (const tag of info.tags ?? []) parts.push(`@${tag.name} ${ts.displayPartsToString(tag.text)}`);
  return parts.join('\n');
}

/** A language service over in-memory files (TypeScript's own lib files from disk). */
export function languageService(files: ReadonlyMap<string, string>, root: string): import('typescript').LanguageService {
  const options: import('typescript').CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const libDir = dirname(ts.getDefaultLibFilePath(options));
  const read = (f: string) => files.get(f) ?? (f.startsWith(libDir) ? readFileSync(f, 'utf8') : undefined);
  const host: import('typescript').LanguageServiceHost = {
    getScriptFileNames: () => [root],
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) => {
      const t = read(f);
      return t === undefined ? undefined : ts.ScriptSnapshot.fromString(t);
    },
    getCurrentDirectory: () => dirname(root),
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => files.has(f) || (f.startsWith(libDir) && ts.sys.fileExists(f)),
    readFile: read,
    directoryExists: (d) => d.startsWith(libDir) || [...files.keys()].some((f) => f.startsWith(`${d}/`)),
    getDirectories: () => [],
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

/** Sums coverages (several APIs of one tree). */
export function sumCoverage(list: HoverCoverage[]): HoverCoverage {
  const out: HoverCoverage = JSON.parse(JSON.stringify(list[0] ?? {})) as HoverCoverage;
  for (const c of list.slice(1)) {
    for (const k of ['params', 'bodyProps', 'bodies', 'methods', 'paging', 'deprecated', 'bounds'] as const) {
      const o = out[k] as unknown as Record<string, number>;
      for (const [f, v] of Object.entries(c[k])) o[f] = (o[f] ?? 0) + (v as number);
    }
    out.misses.push(...c.misses);
  }
  return out;
}

export { pointer };
