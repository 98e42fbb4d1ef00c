// Response properties: clients rely on what they read, so losing a property or its presence breaks them.
import type { SchemaCheck } from '../schema/compare.js';
import { propertyPairs } from '../schema/properties.js';

export const checkResponseProperties: SchemaCheck = (ctx) => {
  for (const p of propertyPairs(ctx)) {
    if (p.hidden) {
      if (p.base !== undefined && p.head !== undefined) ctx.child(p.base, p.head, p.name);
      continue;
    }
    if (p.head === undefined) {
      ctx.emit('response-property-removed', { required: p.baseRequired ? 'required' : 'optional' }, p.name);
      continue;
    }
    if (p.base === undefined) {
      ctx.emit('response-property-added', {}, p.name);
      continue;
    }
    if (p.baseRequired && !p.headRequired) ctx.emit('response-property-became-optional', {}, p.name);
    if (!p.baseRequired && p.headRequired) ctx.emit('response-property-became-required', {}, p.name);
    if (!p.baseDeprecated && p.headDeprecated) ctx.emit('response-property-deprecated', {}, p.name);
    ctx.child(p.base, p.head, p.name);
  }
};
