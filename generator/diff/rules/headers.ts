// Response headers: a client that reads `ETag` (or any documented header) breaks when it disappears.
import { sortedEntries } from '../sorted.js';
import type { OperationPair } from '../context.js';
import { isObject } from '../../util/json.js';

export function compareHeaders(pair: OperationPair, status: string, base: unknown, head: unknown): void {
  const collect = (raw: unknown, side: 'base' | 'head'): Map<string, { name: string; header: Record<string, unknown> }> => {
    const out = new Map<string, { name: string; header: Record<string, unknown> }>();
    if (!isObject(raw)) return out;
    for (const [name, h] of Object.entries(raw)) out.set(name.toLowerCase(), { name, header: pair[side].schemas.deref(h) });
    return out;
  };
  const b = collect(base, 'base');
  const h = collect(head, 'head');
  for (const [key, { name }] of sortedEntries(b)) {
    if (!h.has(key)) pair.emit('response-header-removed', `responses.${status}.headers.${name}`, { status, header: name });
  }
  for (const [key, { name }] of sortedEntries(h)) {
    if (!b.has(key)) pair.emit('response-header-added', `responses.${status}.headers.${name}`, { status, header: name });
  }
  for (const [key, bh] of sortedEntries(b)) {
    const hh = h.get(key);
    if (!hh) continue;
    const location = `responses.${status}.headers.${hh.name}`;
    if (bh.header.required === true && hh.header.required !== true) pair.emit('response-header-became-optional', location, { status, header: hh.name });
    if (bh.header.schema !== undefined || hh.header.schema !== undefined) {
      pair.schema(bh.header.schema, hh.header.schema, 'response', { location, label: `response ${status} header \`${hh.name}\``, kind: 'header' });
    }
  }
}
