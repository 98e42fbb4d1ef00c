// client.ts of one API, rendered as text in one pass (ts-morph node edits cost ~380x this; see perf-baselines).
// Every name from the document reaches the output either as a sanitised identifier (model/names.ts) or
// through JSON.stringify, and every comment through jsdoc(), so no document can inject code.
import type { ApiModel, OperationModel, ParamModel, ResponseModel } from '../model/index.js';
import { banner } from './templates.js';

const q = (s: string) => JSON.stringify(s);

/** A JSDoc block; `*\/` inside document text cannot close it. */
export function jsdoc(lines: (string | undefined)[], indent: string): string {
  const text = lines
    .filter((l): l is string => !!l)
    .flatMap((l) => l.split(/\r?\n|\r|\u2028|\u2029/))
    .map((l) => l.replace(/\*\//g, '*\\/').replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/g, '').trimEnd());
  while (text.length && !text[text.length - 1]) text.pop();
  if (text.length === 0) return '';
  if (text.length === 1) return `${indent}/** ${text[0]} */\n`;
  return `${indent}/**\n${text.map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n`;
}

const upperFirst = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The operation's type in schema.ts, through a local alias declared once per operation. */
function opType(op: OperationModel): string {
  return `${upperFirst(op.name)}Op`;
}

/** `ListItemsQuery`: one group of the operation's parameters (the other aliases end in Op, Params, Result(s)). */
function groupType(op: OperationModel, where: ParamModel['in']): string {
  return `${upperFirst(op.name)}${upperFirst(where)}`;
}

/**
 * `operations["id"]` where schema.ts has it (one lookup in a flat interface); `paths[...][method]` only for operations
 * without a unique operationId (schema.ts keeps those inline), since resolving a path item costs tsc all its methods.
 */
function opAlias(op: OperationModel): string {
  const target = op.typesKey !== undefined ? `operations[${q(op.typesKey)}]` : `paths[${q(op.path)}][${q(op.method.toLowerCase())}]`;
  return `type ${opType(op)} = ${target};\n`;
}

/** The type the client gives a parameter in place of the document's, if any (`sort`, `expand`). */
function paramOverride(p: ParamModel): string | undefined {
  if (p.expand) return 'readonly E[]';
  if (p.sortable && p.sortable.length > 0) {
    const s = `SortParam<${p.sortable.map(q).join(' | ')}>`;
    return p.array ? `readonly ${s}[]` : s;
  }
  return undefined;
}

function bodyType(op: OperationModel): string {
  const b = op.body!;
  const content = `NonNullable<${opType(op)}["requestBody"]>["content"][${q(b.mediaType)}]`;
  switch (b.kind) {
    case 'binary':
      return 'Blob | ArrayBuffer | Uint8Array | ReadableStream<Uint8Array>';
    case 'multipart':
      return `FormData | ${content}`;
    case 'text':
      return 'string | Blob';
    default:
      return content;
  }
}

function mediaResult(op: OperationModel, r: ResponseModel): string {
  let t: string;
  if (r.kind === 'json') t = r.statuses.map((s) => `${opType(op)}["responses"][${q(s)}]["content"][${q(r.mediaType)}]`).join(' | ');
  else t = r.kind === 'text' ? 'string' : 'Blob';
  if (op.expandable && r.kind === 'json') t = `Expanded<${t}, ${expandMap(op)}, E>`;
  if (op.etag) t = `WithEtag<${t}>`;
  return op.emptyStatuses.length ? `${t} | undefined` : t;
}

function expandMap(op: OperationModel): string {
  return `{ ${Object.entries(op.expandable!).map(([k, v]) => `${q(k)}: components["schemas"][${q(v)}]`).join('; ')} }`;
}

/**
 * The operation specs as JSON text in a template literal, one operation a line: parsed by the runtime (about 1 ms for
 * GitHub's 1,223 operations) instead of an object literal that tsc would check entry by entry (~0.5 s there).
 */
function specsJson(specs: string[]): string {
  const text = `{\n${specs.join(',\n')}\n}`;
  return `\`${text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\``;
}

interface Rendered {
  types: string;
  member: string;
  spec: string;
  usesComponents: boolean;
  usesOperations: boolean;
  runtimeTypes: Set<string>;
}

function renderOperation(op: OperationModel): Rendered {
  const Name = upperFirst(op.name);
  const runtimeTypes = new Set<string>();
  const expandUnion = op.expandable ? Object.keys(op.expandable).map(q).join(' | ') : '';
  const gE = op.expandable ? `<E extends ${expandUnion} = never>` : '';
  const aE = op.expandable ? '<E>' : '';
  const generic = op.expandable ? `E extends ${expandUnion} = never` : '';

  // Params object type: one alias per parameter group, so each property is a single lookup for tsc to check.
  let groups = '';
  for (const where of ['path', 'query', 'header'] as const) {
    if (!op.params.some((p) => p.in === where && !paramOverride(p))) continue;
    const group = `${opType(op)}["parameters"][${q(where)}]`;
    groups += `type ${groupType(op, where)} = ${where === 'path' ? group : `NonNullable<${group}>`};\n`;
  }
  const props = op.params.map((p) => {
    if (p.sortable?.length) runtimeTypes.add('SortParam');
    // Descriptions stay in schema.ts (halves client.ts on large documents); deprecation is repeated here.
    const doc = p.deprecated ? jsdoc([p.description, '@deprecated'], '  ') : '';
    return `${doc}  ${p.key}${p.required ? '' : '?'}: ${paramOverride(p) ?? `${groupType(op, p.in)}[${q(p.name)}]`};\n`;
  });
  if (op.body) props.push(`  body${op.body.required ? '' : '?'}: ${bodyType(op)};\n`);
  const required = op.params.some((p) => p.required) || op.body?.required === true;
  let types = `${opAlias(op)}${groups}export type ${Name}Params${gE} = {\n${props.join('')}};\n`;

  // Result type, by Accept when several media types are offered.
  let callGenerics = generic;
  let optionsType = 'CallOptions';
  let result: string;
  if (op.responses.length === 0) result = 'undefined';
  else if (op.responses.length === 1) result = mediaResult(op, op.responses[0]!);
  else {
    runtimeTypes.add('ResultFor');
    const accepts = op.responses.map((r) => q(r.mediaType)).join(' | ');
    const map = op.responses.map((r) => `${q(r.mediaType)}: ${mediaResult(op, r)}`).join('; ');
    types += `export type ${Name}Results${gE} = { ${map} };\n`;
    callGenerics = [generic, `A extends ${accepts} = ${q(op.responses[0]!.mediaType)}`].filter(Boolean).join(', ');
    optionsType = 'CallOptions & { accept?: A }';
    result = `ResultFor<${Name}Results${aE}, A>`;
  }
  if (op.expandable) runtimeTypes.add('Expanded');
  if (op.etag) runtimeTypes.add('WithEtag');
  const aDecl = op.responses.length > 1 ? `A extends ${op.responses.map((r) => q(r.mediaType)).join(' | ')} = ${q(op.responses[0]!.mediaType)}` : '';
  const resultDecl = [generic, aDecl].filter(Boolean).join(', ');
  types += `export type ${Name}Result${resultDecl ? `<${resultDecl}>` : ''} = ${result};\n`;
  const resultArgs = [op.expandable ? 'E' : '', op.responses.length > 1 ? 'A' : ''].filter(Boolean).join(', ');
  const resultRef = `${Name}Result${resultArgs ? `<${resultArgs}>` : ''}`;

  // The client's interface member: a method signature (lazily resolved by tsc, unlike an inferred object literal).
  const paramsDecl = `params${required ? '' : '?'}: ${Name}Params${aE}`;
  const g = callGenerics ? `<${callGenerics}>` : '';
  const doc = jsdoc([op.summary, op.deprecated ? '@deprecated' : undefined], '  ');
  let member: string;
  if (op.paginated) {
    // PageItem (a deferred conditional type), not `Page["items"][number]`: tsc validates an indexed access on a
    // generic type when it checks client.ts (~9 ms each), a conditional only when a program calls all().
    runtimeTypes.add('PageItem');
    const inner = jsdoc([op.summary, op.deprecated ? '@deprecated' : undefined], '    ');
    const page = `NonNullable<${Name}Result${aE}>`;
    member =
      `${doc}  ${op.name}: {\n` +
      `    ${g}(${paramsDecl}, options?: ${optionsType}): Promise<${resultRef}>;\n` +
      `${inner}    all${gE}(${paramsDecl}, options?: CallOptions): AsyncIterableIterator<PageItem<${Name}Result${aE}>>;\n` +
      `${inner}    pages${gE}(${paramsDecl}, options?: CallOptions): AsyncIterableIterator<${page}>;\n` +
      `  };\n`;
  } else member = `${doc}  ${op.name}${g}(${paramsDecl}, options?: ${optionsType}): Promise<${resultRef}>;\n`;

  const specObj: Record<string, unknown> = {
    method: op.method,
    path: op.path,
    params: op.params.map((p) => ({ key: p.key, name: p.name, in: p.in, ...(p.explode === undefined ? {} : { explode: p.explode }), ...(p.style ? { style: p.style } : {}) })),
    ...(op.body ? { body: { mediaType: op.body.mediaType } } : {}),
    accept: op.responses.map((r) => r.mediaType),
    ...(op.paginated ? { paginated: op.paginated } : {}),
    ...(op.etag ? { etag: true } : {}),
  };
  return { types, member, spec: `${q(op.name)}: ${JSON.stringify(specObj)}`, usesComponents: !!op.expandable, usesOperations: op.typesKey !== undefined, runtimeTypes };
}

export function renderClient(api: ApiModel, runtimeImport: string): string {
  const rendered = api.operations.map((op) => renderOperation(op));
  const runtimeTypes = new Set(['CallOptions', 'ClientOptions']);
  for (const r of rendered) for (const t of r.runtimeTypes) runtimeTypes.add(t);
  const schemaTypes = [
    rendered.some((r) => r.usesComponents) ? 'components' : '',
    rendered.some((r) => r.usesOperations) ? 'operations' : '',
    rendered.some((r) => !r.usesOperations) ? 'paths' : '',
  ].filter(Boolean).join(', ');
  const clientType = api.clientType;
  const runtimeModule = (name: string) => runtimeImport.replace(/index\.js$/, `${name}.js`);
  // The runtime's encoders for form bodies and query styles, imported only when an operation needs them, so that a
  // program of a document without them does not ship them.
  const codecs: [string, string, string][] = [];
  if (api.operations.some((op) => op.body?.kind === 'form' || op.body?.kind === 'multipart')) codecs.push(['form', 'formBody', 'form-body']);
  if (api.operations.some((op) => op.params.some((p) => p.in === 'query' && (p.object || (p.style ?? 'form') !== 'form')))) codecs.push(['query', 'styledQuery', 'query-styles']);
  return (
    banner(api.source) +
    (schemaTypes ? `import type { ${schemaTypes} } from './schema.js';\n` : '') +
    `import { bindOperations } from '${runtimeModule('factory')}';\n` +
    codecs.map(([, fn, file]) => `import { ${fn} } from '${runtimeModule(file)}';\n`).join('') +
    `import type { ${[...runtimeTypes].sort().join(', ')} } from '${runtimeImport}';\n\n` +
    rendered.map((r) => r.types).join('') +
    '\n' +
    jsdoc([api.title ? `Client of ${api.title}.` : undefined, `One method per operation; \`${rawFactory(api)}\` of ./raw.js gives the openapi-fetch client for path-based calls.`], '') +
    `export interface ${clientType} {\n${rendered.map((r) => r.member).join('')}}\n\n` +
    `/** What each operation sends and accepts (JSON of OperationSpec by method name), read by the runtime. */\n` +
    `const ops: string = ${specsJson(rendered.map((r) => r.spec))};\n\n` +
    jsdoc([`Creates the client; calls go to \`options.baseUrl\`${api.apiPath ? ` + \`${api.apiPath}\`` : ''}.`], '') +
    `export function ${api.factory}(options: ClientOptions): ${clientType} {\n` +
    `  return bindOperations<${clientType}>(options, ${q(api.apiPath)}, ops${codecs.length ? `, { ${codecs.map(([k, fn]) => `${k}: ${fn}`).join(', ')} }` : ''});\n}\n`
  );
}

export const rawFactory = (api: ApiModel): string => api.rawFactory;

/**
 * raw.ts: the openapi-fetch client for path-based calls. A module of its own, not re-exported by index.ts: a program
 * that never makes path-based calls then does not load openapi-fetch at all (it declares no `sideEffects: false`, so
 * a bundler keeps its module, and with code splitting esbuild emitted an empty shared chunk for it).
 */
export function renderRaw(api: ApiModel, runtimeImport: string): string {
  return (
    banner(api.source) +
    `import createClient from 'openapi-fetch';\n` +
    `import type { Client } from 'openapi-fetch';\n` +
    `import type { paths } from './schema.js';\n` +
    `import { createApi } from '${runtimeImport}';\n` +
    `import type { ClientOptions } from '${runtimeImport}';\n\n` +
    jsdoc([`The openapi-fetch client for path-based calls, on the same base URL${api.apiPath ? ` + \`${api.apiPath}\`` : ''}, auth and retries as ${api.factory}.`], '') +
    `export function ${rawFactory(api)}(options: ClientOptions): Client<paths> {\n` +
    `  const api = createApi(options, ${q(api.apiPath)});\n` +
    `  return createClient<paths>({ baseUrl: api.baseUrl, fetch: api.fetch });\n}\n`
  );
}
