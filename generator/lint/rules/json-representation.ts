import { child, isTokenService, mediaKind, types, type At, type Ctx } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'json-representation';
export const summary = 'a request or response body of structured data (an object or array schema) not offered as `application/json` (forms, multipart and the token service exempt)';
export const spec = '2.1 Representation: "JSON, media type application/json. Other media types (for example application/pdf, application/xml, application/png) may be used for some resources."';

// 2.1 Representation: "JSON, media type application/json. Other media types may be used for some resources."
// A body of structured data (an object or array schema) is a resource representation, so it is offered as JSON
// too; forms and multipart are encodings of fields, not representations, and the token service follows OAuth 2.0.
export const check = operationRule((op, ctx, report) => {
  if (isTokenService(ctx, op)) return;
  const bodies: [string, At | undefined][] = [['request body', child(ctx, op.op, 'requestBody')], ...[...op.responses].map(([code, r]): [string, At] => [`${code} response`, r])];
  for (const [what, holder] of bodies) {
    const content = child(ctx, holder, 'content');
    if (!content) continue;
    const keys = Object.keys(content.node);
    if (keys.some((k) => mediaKind(k) === 'json')) continue;
    const structured = keys.find((k) => !['form', 'multipart'].includes(mediaKind(k)) && isStructured(ctx, child(ctx, child(ctx, content, k), 'schema')));
    if (structured) report(content.location.child([structured]), `Offer the ${what} as application/json too: "${structured}" carries structured data, and JSON is the API's representation.`, true);
  }
});

function isStructured(ctx: Ctx, schema: At | undefined): boolean {
  const t = types(ctx, schema);
  return t.has('object') || t.has('array') || (t.size === 0 && !!schema && ('properties' in schema.node || 'items' in schema.node));
}
