// Request bodies and their properties: clients built for BASE must still be able to send what they send.
import type { OperationPair } from '../context.js';
import type { SchemaCheck } from '../schema/compare.js';
import { propertyPairs } from '../schema/properties.js';
import { isObject } from '../../util/json.js';
import type { RequestBodyObject } from '../../load/types.js';
import { compareContent } from './media-types.js';

export function checkRequestBody(pair: OperationPair): void {
  const b = pair.base.schemas.deref(pair.base.op.requestBody) as RequestBodyObject;
  const h = pair.head.schemas.deref(pair.head.op.requestBody) as RequestBodyObject;
  const hasB = pair.base.op.requestBody !== undefined;
  const hasH = pair.head.op.requestBody !== undefined;
  if (!hasB && !hasH) return;
  if (!hasB) {
    pair.emit(h.required === true ? 'request-body-added-required' : 'request-body-added', 'requestBody');
    return;
  }
  if (!hasH) {
    pair.emit('request-body-removed', 'requestBody');
    return;
  }
  if (b.required !== true && h.required === true) pair.emit('request-body-became-required', 'requestBody');
  if (b.required === true && h.required !== true) pair.emit('request-body-became-optional', 'requestBody');
  compareContent(pair, 'request', isObject(b.content) ? b.content : {}, isObject(h.content) ? h.content : {}, undefined);
}

export const checkRequestProperties: SchemaCheck = (ctx) => {
  for (const p of propertyPairs(ctx)) {
    if (p.hidden) {
      if (p.base !== undefined && p.head !== undefined) ctx.child(p.base, p.head, p.name);
      continue;
    }
    if (p.head === undefined) {
      ctx.emit('request-property-removed', {}, p.name);
      continue;
    }
    if (p.base === undefined) {
      // A default does not help: a required property must still be sent (oasdiff agrees, see its issue #549).
      ctx.emit(p.headRequired ? 'request-property-added-required' : 'request-property-added', {}, p.name);
      continue;
    }
    if (!p.baseRequired && p.headRequired) ctx.emit('request-property-became-required', {}, p.name);
    if (p.baseRequired && !p.headRequired) ctx.emit('request-property-became-optional', {}, p.name);
    if (!p.baseDeprecated && p.headDeprecated) ctx.emit('request-property-deprecated', {}, p.name);
    ctx.child(p.base, p.head, p.name);
  }
  if (ctx.base.additionalProperties !== false && ctx.head.additionalProperties === false && isObject(ctx.base.properties)) {
    ctx.emit('request-additional-properties-disallowed');
  }
};
