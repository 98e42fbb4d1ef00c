// Words of a name in camelCase and PascalCase, and numeric suffixes that keep names unique: what the loader's repairs
// and the model both name things with.

export function words(s: string): string[] {
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

/** Makes `name` unique within `used` by numeric suffixes, and records it. */
export function unique(name: string, used: Set<string>): string {
  let out = name;
  for (let i = 2; used.has(out); i++) out = `${name}${i}`;
  used.add(out);
  return out;
}
