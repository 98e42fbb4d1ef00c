// Stand-alone resources (/current-user), sub-resources (/documents/{id}/presentation) and other operations.
import type { FastifyReply } from 'fastify';
import { checkStoredSize } from '../body-bounds.js';
import { assignOwn } from '../body-plan.js';
import { generateObject, generateValue } from '../generate-data.js';
import type { SchemaObject } from '../../load/index.js';
import { httpError } from '../http-error.js';
import { negotiate } from '../negotiate.js';
import { hash32, Prng } from '../prng.js';
import { parseBody, requestMediaType } from '../request.js';
import { send } from '../respond.js';
import { isJsonMedia, jsonMediaOf, mediaOf, type Item } from '../schema-tools.js';
import { offered, successResponse } from '../../model/index.js';
import { examplesOf } from '../state.js';
import { isBlob, quoteTag, type Blob } from '../store.js';
import type { Call, SubApiContext } from './context.js';
import { parentOf } from './lookup.js';
import { checkIfMatch, itemEtag, notModified } from './preconditions.js';
import { sendRepresentation } from './representation.js';
import { isObject } from '../../util/json.js';

function singleKey(call: Call, parentId: string | undefined): string {
  return `${call.spec.api.entry.id} ${call.spec.op.path} ${parentId ?? ''}`;
}

/** The current value: what a PUT stored, else the document's example, else generated from the schema. */
function currentSingle(ctx: SubApiContext, call: Call, parent: { id: string; item: Item } | undefined, path = call.spec.op.path): Item | Blob {
  const key = `${call.spec.api.entry.id} ${path} ${parent?.id ?? ''}`;
  const stored = ctx.state.singles.get(key);
  if (stored) return stored;
  const getSpec = ctx.specs.find((s) => s.api === call.spec.api && s.op.path === path && s.op.method === 'GET') ?? call.spec;
  const [mt, media] = jsonMediaOf(getSpec.api.doc, successResponse(getSpec.op)?.content) ?? [];
  let value: Item | undefined;
  if (!mt || !media) {
    // Only non-JSON representations: rendered from the parent (a presentation of the document).
    value = parent?.item ?? {};
  } else {
    const example = examplesOf(media).find(isObject) as Item | undefined;
    const prng = new Prng(hash32(key));
    value = parent || !example ? (generateObject({ doc: getSpec.api.doc, prng, index: 0, refId: () => undefined }, media.schema ?? {}) as Item) : structuredClone(example);
    if (call.principal) for (const p of getSpec.op.conventions.principal) value[p.property] = call.principal.username;
    ctx.state.singles.set(key, value);
  }
  return value;
}

export function readSingle(ctx: SubApiContext, call: Call): FastifyReply {
  const parent = parentOf(ctx, call);
  const uploaded = parent && ctx.state.storeFor(call.spec.api, call.spec.parent!.collection).blobs.get(parent.id);
  if (uploaded && !ctx.state.singles.has(singleKey(call, parent.id))) {
    // The bytes as uploaded: as their own media type or as application/octet-stream, where the document offers them.
    const types = offered(call.spec.op).filter((m) => m === uploaded.mediaType || m === 'application/octet-stream');
    const chosen = negotiate(call.req.headers.accept, types);
    if (!chosen) throw httpError(406, `the uploaded ${uploaded.mediaType} content cannot be given as "${call.req.headers.accept ?? ''}"; available: ${types.join(', ') || 'none'}`);
    const etag = quoteTag(uploaded.data);
    if (notModified(call, etag)) return send(call.reply, call.spec, 304, undefined, undefined, { etag });
    return send(call.reply, call.spec, call.spec.op.conventions.successStatus, uploaded.data, chosen, { etag });
  }
  const value = currentSingle(ctx, call, parent);
  const etag = itemEtag(value, call.mediaType ?? '');
  if (notModified(call, etag)) return send(call.reply, call.spec, 304, undefined, undefined, { etag });
  return sendRepresentation(call, value, etag);
}

export function replaceSingle(ctx: SubApiContext, call: Call): FastifyReply {
  const parent = parentOf(ctx, call);
  const key = singleKey(call, parent?.id);
  const old = currentSingle(ctx, call, parent);
  checkIfMatch(call, itemEtag(old));
  const body = parseBody(call.spec, call.v, call.req, requestMediaType(call.spec, call.req));
  const next: Item | Blob = !body ? old : isJsonMedia(body.mediaType) ? assignOwn({ ...(isBlob(old) ? {} : old) }, body.value as Item) : { mediaType: body.mediaType, data: body.bytes };
  if (!isBlob(next)) checkStoredSize(next);
  ctx.state.singles.set(key, next);
  if (!call.mediaType) return send(call.reply, call.spec, call.spec.op.conventions.successStatus, undefined, undefined);
  return sendRepresentation(call, next, itemEtag(next));
}

/** Anything else: checks the parent and the body, then answers with the documented example or a generated body. */
export function action(ctx: SubApiContext, call: Call): FastifyReply {
  const parent = parentOf(ctx, call);
  parseBody(call.spec, call.v, call.req, requestMediaType(call.spec, call.req));
  const status = call.spec.op.conventions.successStatus;
  if (!call.mediaType) return send(call.reply, call.spec, status, undefined, undefined);
  const media = mediaOf(call.spec.api.doc, successResponse(call.spec.op)?.content, call.mediaType);
  if (!isJsonMedia(call.mediaType)) return sendRepresentation(call, parent?.item ?? {}, '');
  const example = media && examplesOf(media)[0];
  const value = example !== undefined ? example : generateObjectOrValue(call, media?.schema, parent?.id);
  return send(call.reply, call.spec, status, value, call.mediaType);
}

function generateObjectOrValue(call: Call, schema: SchemaObject | undefined, seed: string | undefined): unknown {
  const prng = new Prng(hash32(`${call.spec.name} ${seed ?? ''}`));
  return generateValue({ doc: call.spec.api.doc, prng, index: 0, refId: () => undefined }, schema ?? {}, 'value');
}
