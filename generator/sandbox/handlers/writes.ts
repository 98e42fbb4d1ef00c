// What a create or replace stores, and what it must not break: the server's timestamps, only the properties the item
// has, no duplicate (409) and no reference to a resource that does not exist (400).
import type { SchemaObject } from '../../load/index.js';
import { describeUnique } from '../../model/conventions/unique.js';
import type { OpSpec } from '../analyse.js';
import { HttpError, httpError } from '../http-error.js';
import type { ParsedBody } from '../request.js';
import { mediaOf, referenceId, resolveSchema, type Item } from '../schema-tools.js';
import type { Store } from '../store.js';
import type { Call, SubApiContext } from './context.js';
import { singular } from './lookup.js';

/**
 * Timestamps the server assigns (date-time properties of the item that the request body cannot set) are now;
 * on PUT only those named `updated...`/`modified...`/`changed...` (a creation time stays).
 */
export function stampServerTimes(ctx: SubApiContext, call: Call, item: Item, body: ParsedBody | undefined, only = /./): void {
  const doc = call.spec.api.doc;
  const writable = resolveSchema(doc, requestSchema(call, body)).properties ?? {};
  const now = new Date(ctx.now()).toISOString();
  for (const [prop, ps] of Object.entries(resolveSchema(doc, call.spec.collection!.item).properties ?? {})) {
    if (only.test(prop) && !(prop in writable) && resolveSchema(doc, ps).format === 'date-time') item[prop] = now;
  }
}

/** The request body's schema for the media type it was sent in (the model's request body), as written. */
export function requestSchema(call: Call, body: ParsedBody | undefined): SchemaObject | undefined {
  return body ? mediaOf(call.spec.api.doc, call.spec.op.body?.content, body.mediaType)?.schema : undefined;
}

/** The sent properties the item schema has (all of them when it lists none): a request property the representation
 *  lacks is accepted but not kept. */
export function knownProps(spec: OpSpec, itemSchema: SchemaObject, sent: Item): Item {
  const props = resolveSchema(spec.api.doc, itemSchema).properties;
  return props ? Object.fromEntries(Object.entries(sent).filter(([k]) => Object.hasOwn(props, k))) : sent;
}

/**
 * 409 when another item of the collection (below the same parent) equals `item` under the criteria the operation
 * refuses duplicates by (the model's: a create's x-unique, and its collection's for a replace that declares 409).
 */
export function checkUnique(call: Call, store: Store, item: Item, parent: string | undefined, self?: string): void {
  const fields = call.spec.op.conventions.unique?.fields;
  if (!fields) return;
  for (const id of store.withCriteria(fields, item)) {
    if (id !== self && (parent === undefined || store.parentOf.get(id) === parent)) {
      throw httpError(409, `a ${singular(call.spec.collection!.path)} with ${describeUnique(fields)} already exists: "${id}"`);
    }
  }
}

/** References the client sends (to expandable references of the item) must name existing resources: 400 otherwise. */
export function checkReferences(ctx: SubApiContext, call: Call, sent: Item): void {
  const problems: { technicalMessage: string; errorCode: string }[] = [];
  for (const [prop, target] of call.spec.collection!.references) {
    const id = referenceId(sent[prop]);
    const store = id === undefined ? undefined : ctx.state.storeOfSchema(call.spec.api, target);
    if (id !== undefined && store && !store.items.has(id) && !store.foreign.has(id)) {
      problems.push({ technicalMessage: `body.${prop} references ${target} "${id}", which does not exist`, errorCode: 'InvalidReference' });
    }
  }
  if (problems.length) throw new HttpError(400, problems);
}
