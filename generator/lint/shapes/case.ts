export const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
const PASCAL = /^[A-Z][a-zA-Z0-9]*$/;
/** PascalCase: PASCAL's shape, and not ALL CAPS (`INVOICE`, `PDF`): each word starts upper case, then lower case. */
export function isPascal(value: string): boolean {
  return PASCAL.test(value) && !(value.length > 1 && value === value.toUpperCase());
}
export const SPINAL = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** `Cache-Control`, `If-None-Match`, `ETag`: words starting upper case, joined by hyphens. */
export const HEADER = /^[A-Z][a-zA-Z0-9]*(?:-[A-Z][a-zA-Z0-9]*)*$/;
/** `id` and `<name>Id` (section 2.2). */
export const ID_NAME = /^(?:id|[a-z][a-zA-Z0-9]*Id)$/;

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

export function toCamel(name: string): string {
  return words(name)
    .map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
}

export function toPascal(name: string): string {
  return words(name)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

export function toSpinal(name: string): string {
  return words(name).join('-');
}

export function toHeader(name: string): string {
  return name
    .split(/[-_]/)
    .map((w) => (w.toLowerCase() === 'etag' ? 'ETag' : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('-');
}
