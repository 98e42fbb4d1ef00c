// Turning document names into identifiers that are valid TypeScript and cannot change what code does.
import { camelCase, pascalCase } from '../util/names.js';

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

/** Words a title adds to the name of what it describes: left out of the client's name. */
const FILLER = /^(api|apis|official|openapi|swagger|spec|specs|specification|rest|restful|http|service|v\d+(\.\d+)*|\d+\.\d+(\.\d+)*)$/i;

/**
 * The client's name from a document's title, shortened: parenthesised extras and what follows ` + `, ` - `, `: ` or
 * ` | ` go, then possessives and filler words (`GitHub's official OpenAPI spec + Octokit extension` -> `GitHub`,
 * `Swagger Petstore - OpenAPI 3.0` -> `Petstore`). The whole title when nothing would be left.
 */
export function shortTitle(title: string): string {
  const head = title.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').split(/\s[-+|\u2013\u2014]\s|:\s/)[0]!;
  const kept = head
    .replace(/['\u2019]s\b/g, '')
    .split(/\s+/)
    .filter((w) => w && !FILLER.test(w));
  return kept.length ? kept.join(' ') : title;
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
