// Turning document names into identifiers that are valid TypeScript and cannot change what code does.

function words(s: string): string[] {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** `get-document_by id` -> `getDocumentById`; keeps the inner casing of already-camelCase names. */
export function camelCase(s: string): string {
  const parts = words(s);
  return parts.map((w, i) => (i === 0 ? w[0]!.toLowerCase() + w.slice(1) : w[0]!.toUpperCase() + w.slice(1))).join('');
}

export function pascalCase(s: string): string {
  const c = camelCase(s);
  return c ? c[0]!.toUpperCase() + c.slice(1) : '';
}

/**
 * A camelCase identifier for a property or method name: never empty, never starting with a digit, and never a
 * name an object inherits (`constructor`, `__proto__`, `toString`) or that the generated code uses itself
 * (`taken`), so reading it from a plain object yields only what the caller set. Reserved words stay: they are
 * only ever used as property names (`client.delete`, `{ type }`), where TypeScript allows them.
 */
export function safeName(raw: string, taken: ReadonlySet<string> = new Set()): string {
  let name = camelCase(raw) || 'value';
  if (/^[0-9]/.test(name)) name = `_${name}`;
  if (name in Object.prototype || taken.has(name)) name = `${name}_`;
  return name;
}

/**
 * A PascalCase type name from any text (`1Forge Finance APIs`, a title in Japanese): never empty and never starting
 * with a digit, since it names an interface and prefixes the factory (`Api1ForgeFinanceAPIs`).
 */
export function typeName(raw: string): string {
  const name = pascalCase(raw);
  return !name || /^[0-9]/.test(name) ? `Api${name}` : name;
}

/** The names one API's generated code declares: `createDocumentClient`, `DocumentClient`, `createDocumentRawClient`. */
export function clientNames(raw: string): { factory: string; clientType: string; rawFactory: string } {
  const base = typeName(raw);
  return { factory: `create${base}Client`, clientType: `${base}Client`, rawFactory: `create${base}RawClient` };
}

/**
 * The key schema.ts files an operation under in its `operations` interface: openapi-typescript 7 writes an
 * operationId's `#` as `/` (`Api::V1::Vendors#show` -> `Api::V1::Vendors/show`). None for an operationId with `%`,
 * which it percent-decodes in its own references (and throws on `%zz`): such operations are typed under paths.
 */
export function typesKeyOf(operationId: string): string | undefined {
  return operationId.includes('%') ? undefined : operationId.replace(/#/g, '/');
}

/** Makes `name` unique within `used` by numeric suffixes, and records it. */
export function unique(name: string, used: Set<string>): string {
  let out = name;
  for (let i = 2; used.has(out); i++) out = `${name}${i}`;
  used.add(out);
  return out;
}
