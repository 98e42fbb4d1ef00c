// What a read answers: the item with the references `expand` names in full, in the negotiated media type.
import type { FastifyReply } from 'fastify';
import { httpError } from '../http-error.js';
import { render } from '../media.js';
import { send } from '../respond.js';
import { isJsonMedia, referenceId, schemaName, type Item } from '../schema-tools.js';
import { isBlob, type Blob } from '../store.js';
import type { Call, SubApiContext } from './context.js';
import { singular } from './lookup.js';
import { variantEtag } from './preconditions.js';

const NO_TARGETS: ReadonlyMap<string, string> = new Map();

/** `expand`: names the operation's expandable references, as the model reads them (limited to the parameter's enum). */
export function expandNames(call: Call): { names: string[]; targets: ReadonlyMap<string, string> } {
  const raw = call.query.expand;
  const names = raw === undefined ? [] : (Array.isArray(raw) ? raw : String(raw).split(',')).map(String).filter(Boolean);
  if (!names.length) return { names, targets: NO_TARGETS };
  const targets = new Map(call.spec.op.conventions.expandable.map((e) => [e.name, e.target]));
  const unknown = names.filter((n) => !targets.has(n));
  if (unknown.length) {
    const known = [...targets.keys()];
    throw httpError(400, `cannot expand ${unknown.map((n) => `"${n}"`).join(', ')}; expandable: ${known.length ? known.join(', ') : 'nothing'}`, 'InvalidExpand');
  }
  return { names, targets };
}

export function expandItem(ctx: SubApiContext, call: Call, item: Item, names: string[], targets: ReadonlyMap<string, string>): Item {
  if (!names.length) return item;
  const out = { ...item };
  for (const name of names) {
    const id = referenceId(item[name]);
    const store = id === undefined ? undefined : ctx.state.storeOfSchema(call.spec.api, targets.get(name)!);
    const full = id === undefined ? undefined : store?.items.get(id) ?? store?.foreign.get(id);
    if (full && typeof item[name] === 'object') out[name] = full;
  }
  return out;
}

/** JSON as is; other media types rendered from the JSON (PDF, PNG, XML, text), or the uploaded bytes. */
export function sendRepresentation(call: Call, value: Item | Blob, etag: string, status = call.spec.op.conventions.successStatus): FastifyReply {
  const mt = call.mediaType;
  if (isBlob(value)) return send(call.reply, call.spec, status, value.data, mt && mt.includes('*') ? value.mediaType : mt, { etag });
  if (!mt || isJsonMedia(mt)) return send(call.reply, call.spec, status, value, mt, { etag });
  const title = schemaName(call.spec.collection?.item) ?? singular(call.spec.op.path);
  const bytes = render(mt, value, `${title} ${String(value.id ?? '')}`.trim());
  return send(call.reply, call.spec, status, bytes, mt, { etag: variantEtag(etag, mt) });
}
