// Media types of request bodies and responses, and the schema under each.
import type { OperationPair } from '../context.js';
import { isObject } from '../../util/json.js';
import type { Direction } from '../types.js';

const normalize = (mt: string): string => mt.split(';')[0]!.trim().toLowerCase();

/** XML and text bodies are strings on the wire whatever the schema's root type says. */
function isLooselyTyped(mt: string): boolean {
  if (/json/.test(mt) || mt === 'application/x-www-form-urlencoded' || mt.startsWith('multipart/')) return false;
  return /xml/.test(mt) || mt.startsWith('text/');
}

function byType(content: Record<string, unknown>): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const [k, v] of Object.entries(content)) out.set(normalize(k), isObject(v) ? v : {});
  return out;
}

export function compareContent(pair: OperationPair, dir: Direction, base: Record<string, unknown>, head: Record<string, unknown>, status: string | undefined): void {
  const b = byType(base);
  const h = byType(head);
  const root = dir === 'request' ? 'requestBody' : `responses.${status}`;
  for (const mt of [...b.keys()].sort()) {
    if (!h.has(mt)) pair.emit(`${dir}-media-type-removed`, `${root}[${mt}]`, { mediaType: mt, status: status ?? '' });
  }
  for (const mt of [...h.keys()].sort()) {
    if (!b.has(mt)) pair.emit(`${dir}-media-type-added`, `${root}[${mt}]`, { mediaType: mt, status: status ?? '' });
  }
  for (const mt of [...b.keys()].sort()) {
    const bm = b.get(mt);
    const hm = h.get(mt);
    if (!bm || !hm) continue;
    const location = `${root}[${mt}]`;
    if (bm.schema === undefined && hm.schema === undefined) continue;
    if (bm.schema === undefined || hm.schema === undefined) {
      const id = `${dir}-media-type-schema-${bm.schema === undefined ? ('added' as const) : ('removed' as const)}` as const;
      pair.emit(id, location, { mediaType: mt, status: status ?? '' });
      continue;
    }
    const label = dir === 'request' ? `the request body (${mt})` : `the response ${status} body (${mt})`;
    pair.schema(bm.schema, hm.schema, dir, { location, label, kind: 'body', loose: isLooselyTyped(mt) });
  }
}
