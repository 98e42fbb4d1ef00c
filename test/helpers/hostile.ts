// Hostile OpenAPI documents (issue 30), as text: YAML alias bombs, deep nesting, huge strings and arrays, prototype
// names. Each is otherwise a valid OpenAPI 3.1 document with one operation answering `Thing`.

/** The document around `schemas` (YAML lines under `components: schemas:`, indented 4), `Thing` among them. */
export function documentYaml(schemas: string[], o: { path?: string; operationId?: string; parameters?: string[] } = {}): string {
  return [
    'openapi: 3.1.0',
    'info: { title: hostile, version: "1" }',
    'paths:',
    `  ${o.path ?? '/things'}:`,
    '    get:',
    `      operationId: ${o.operationId ?? 'listThings'}`,
    ...(o.parameters?.length ? ['      parameters:', ...o.parameters.map((p) => `        - ${p}`)] : []),
    '      responses:',
    '        "200":',
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema: { $ref: "#/components/schemas/Thing" }',
    'components:',
    '  schemas:',
    ...schemas,
    '',
  ].join('\n');
}

/** Anchors a..: level 1 is `fanout` strings, each next level `fanout` aliases of the one before. */
function laughs(levels: number, fanout: number, indent: string): string[] {
  const names = Array.from({ length: levels }, (_, i) => `l${i}`);
  return names.map((name, i) => {
    const items = i === 0 ? Array<string>(fanout).fill('"lol"') : Array<string>(fanout).fill(`*${names[i - 1]}`);
    return `${indent}${name}: &${name} [${items.join(', ')}]`;
  });
}

/** Nodes the aliases of laughs(levels, fanout) add once expanded, the last level used once more by `Thing`. */
export function laughsAdded(levels: number, fanout: number): number {
  // size(level 1) = 1 + fanout; size(level k) = 1 + fanout * size(level k - 1).
  const sizes = [1 + fanout];
  for (let k = 1; k < levels; k++) sizes.push(1 + fanout * sizes[k - 1]!);
  let added = 0;
  for (let k = 1; k < levels; k++) added += fanout * sizes[k - 1]!;
  return added + sizes[levels - 1]!;
}

/** A billion laughs (with the defaults: 9 levels of 9, about 1 KB) under `Lol`, and `Thing` whose enum and example are its last level. */
export function aliasBomb(levels = 9, fanout = 9): string {
  return documentYaml([
    '    Lol:',
    '      type: string',
    '      x-lol:',
    ...laughs(levels, fanout, '        '),
    '    Thing:',
    '      type: object',
    '      properties:',
    '        kind:',
    '          type: string',
    `          example: *l${levels - 1}`,
  ]);
}

/** The bomb as a file of schemas alone, for another document to reach by `$ref: <file>#/Thing`. */
export function aliasBombPart(levels = 9, fanout = 9): string {
  return ['Lol:', '  type: string', '  x-lol:', ...laughs(levels, fanout, '    '), 'Thing:', '  type: object', `  x-lol: *l${levels - 1}`, ''].join('\n');
}

/** A document whose `$ref: <part>#/Thing` reaches another file. */
export function referencing(part: string): string {
  return documentYaml(['    Thing:', `      $ref: "./${part}#/Thing"`]);
}

/** `Thing` nested `levels` schemas deep (`properties: x:` each, two levels of the document per schema), as JSON. */
export function deepJson(levels: number): string {
  const thing = '{"type":"object","properties":{"x":'.repeat(levels) + '{"type":"string"}' + '}}'.repeat(levels);
  const ok = '{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Thing"}}}}';
  return `{"openapi":"3.1.0","info":{"title":"deep","version":"1"},"paths":{"/things":{"get":{"operationId":"listThings","responses":{"200":${ok}}}}},"components":{"schemas":{"Thing":${thing}}}}`;
}

/** `Thing` nested `levels` schemas deep in YAML: block style (indented), or flow style on one line. */
export function deepYaml(levels: number, style: 'block' | 'flow'): string {
  if (style === 'flow') {
    const thing = '{ type: object, properties: { x: '.repeat(levels) + '{ type: string }' + ' } }'.repeat(levels);
    return documentYaml([`    Thing: ${thing}`]);
  }
  const lines: string[] = ['    Thing:'];
  for (let i = 0; i < levels; i++) {
    const pad = ' '.repeat(6 + 4 * i);
    lines.push(`${pad}type: object`, `${pad}properties:`, `${pad}  x:`);
  }
  lines.push(`${' '.repeat(6 + 4 * levels)}type: string`);
  return documentYaml(lines);
}

/** `Thing` nested `outer` schemas deep around an alias of a schema nested `inner` deep (anchored under `Lol`). */
export function deepByAlias(inner: number, outer: number): string {
  const nested = (n: number, core: string) => '{ type: object, properties: { x: '.repeat(n) + core + ' } }'.repeat(n);
  return documentYaml([`    Lol: &deep ${nested(inner, '{ type: string }')}`, `    Thing: ${nested(outer, '*deep')}`]);
}

/** Huge but plain: a long description, a long property name, a long enum, a long example array. */
export function huge(o: { stringBytes: number; keyLength: number; enumSize: number; arraySize: number }): string {
  const thing = {
    type: 'object',
    description: 'x'.repeat(o.stringBytes),
    properties: {
      ['p'.repeat(o.keyLength)]: { type: 'string' },
      kind: { type: 'string', enum: Array.from({ length: o.enumSize }, (_, i) => `v${i}`) },
      list: { type: 'array', items: { type: 'integer' }, example: Array.from({ length: o.arraySize }, (_, i) => i) },
    },
  };
  return `{"openapi":"3.1.0","info":{"title":"huge","version":"1"},"paths":{"/things":{"get":{"operationId":"listThings","responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Thing"}}}}}}}},"components":{"schemas":{"Thing":${JSON.stringify(thing)}}}}`;
}

/** Names that are properties of every JavaScript object. */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];

/** `names` as a path segment and parameter, schema names, required property names, and keys of an example. */
export function prototypeNamed(names: string[]): string {
  const [first = '__proto__', second = 'constructor'] = names;
  const parameters = [`{ name: ${first}, in: path, required: true, schema: { type: string } }`, ...names.map((n) => `{ name: ${n}, in: query, schema: { type: string } }`)];
  return documentYaml(
    [
      `    ${first}: { type: string }`,
      '    Thing:',
      '      type: object',
      `      required: [${names.join(', ')}]`,
      '      properties:',
      ...names.map((n) => `        ${n}: { type: string }`),
      `        named: { $ref: "#/components/schemas/${first}" }`,
      `      example: { ${names.map((n) => `${n}: { ${second}: 1 }`).join(', ')} }`,
    ],
    { path: `/things/{${first}}`, operationId: second, parameters },
  );
}

export type ChainKind = 'property' | 'ref' | 'items' | 'allOf';

/** One schema of a chain, whose next link is `next` (a `$ref` object). */
function link(kind: ChainKind, next: string): string {
  if (kind === 'property') return `{ type: object, properties: { next: ${next} } }`;
  if (kind === 'items') return `{ type: array, items: ${next} }`;
  if (kind === 'allOf') return `{ allOf: [ ${next} ] }`;
  return next;
}

/** `Thing` refers to C0, each Ci to C(i+1) in the way `kind` says, `length` schemas in a row, the last a string. */
export function refChain(length: number, kind: ChainKind): string {
  const schemas = Array.from({ length }, (_, i) => `    C${i}: ${link(kind, `{ $ref: "#/components/schemas/C${i + 1}" }`)}`);
  return documentYaml(['    Thing: { $ref: "#/components/schemas/C0" }', ...schemas, `    C${length}: { type: string }`]);
}

/** The same chain in a file of schemas alone (`parts.yaml`), which `referencing('parts.yaml')` reaches at `Thing`. */
export function refChainPart(length: number, kind: ChainKind): string {
  const schemas = Array.from({ length }, (_, i) => `C${i}: ${link(kind, `{ $ref: "#/C${i + 1}" }`)}`);
  return ['Thing: { $ref: "#/C0" }', ...schemas, `C${length}: { type: string }`, ''].join('\n');
}

/**
 * The oracle for the bound across $refs: the depth of a parsed document with its internal `$ref`s followed, a `$ref`
 * one level above what it points to, one to a node it is inside not followed. Plain recursion, for chains in tests.
 */
export function depthWithRefs(doc: unknown, node: unknown = doc, inside = new Set<unknown>()): number {
  if (node === null || typeof node !== 'object') return 1;
  const values = Object.values(node);
  let height = values.length ? 2 : 1;
  for (const v of values) height = Math.max(height, 1 + depthWithRefs(doc, v, inside));
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref.slice(2).split('/').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], doc);
    if (target !== null && typeof target === 'object' && !inside.has(target)) {
      inside.add(target);
      height = Math.max(height, 1 + depthWithRefs(doc, target, inside));
      inside.delete(target);
    }
  }
  return height;
}
