// Reads every convention of one bundled document through the readers in conventions/, as plain data for the
// model (JSON-serialisable: locations become file + JSON pointer).
import type { OpenApiDocument } from '../load/index.js';
import {
  documentContext,
  documentRoot,
  expandValues,
  isSecured,
  operations,
  param,
  readCaching,
  readCollection,
  readEffect,
  readEtag,
  readExpandable,
  readFilter,
  readMedia,
  readPrincipal,
  readSets,
  readSortable,
  sortParam,
  sourceOf,
  successSchema,
  successStatus,
  tokenServiceRole,
} from './conventions/index.js';
import type { OperationConventions } from './types.js';

/** The conventions of each operation, by `<method> <path>`. */
export function readConventions(doc: OpenApiDocument, file: string): Map<string, OperationConventions> {
  const ctx = documentContext(doc, file);
  const schemas = doc.components?.schemas ?? {};
  const out = new Map<string, OperationConventions>();
  for (const op of operations(ctx, documentRoot(doc, file))) {
    const collection = readCollection(ctx, op);
    const sortable = readSortable(ctx, sortParam(op));
    const expand = param(op, 'expand', 'query');
    const allowed = expand && expandValues(ctx, expand.schema)?.values;
    // Expandable: references to a schema that exists, that the `expand` parameter lists (all, if it lists none).
    const expandable = expand
      ? readExpandable(ctx, op).filter((e) => Object.hasOwn(schemas, e.target) && (!allowed || allowed.includes(e.name)))
      : [];
    const caching = [...op.responses].flatMap(([status, response]) => {
      const values = readCaching(ctx, response);
      return values ? [[status, values] as const] : [];
    });
    const tokenService = tokenServiceRole(ctx, op);
    const effect = readEffect(ctx, op);
    const query = op.params.filter((p) => p.in === 'query');
    out.set(`${op.method} ${op.path}`, {
      successStatus: successStatus(op),
      media: readMedia(ctx, op),
      collection: {
        kind: collection.kind,
        ...(collection.limitMax !== undefined ? { limitMax: collection.limitMax } : {}),
        ...(collection.item ? { item: sourceOf(collection.item.location) } : {}),
      },
      ...(sortable ? { sortable: { fields: sortable.fields, ...(sortable.default ? { default: sortable.default } : {}), at: sourceOf(sortable.at.location) } } : {}),
      expandable: expandable.map((e) => ({ name: e.name, target: e.target, at: sourceOf(e.location) })),
      etag: readEtag(ctx, op),
      caching: Object.fromEntries(caching),
      secured: isSecured(op),
      ...(tokenService ? { tokenService } : {}),
      ...(effect?.kind === 'effect' ? { effect: { ...effect.effect, at: sourceOf(effect.at) } } : {}),
      filters: query.flatMap((p) => {
        const f = readFilter(p);
        return f.kind === 'filter' ? [{ param: p.name, match: f.match, ...(f.property ? { property: f.property.join('.') } : {}), at: sourceOf(f.at) }] : [];
      }),
      sets: query.flatMap((p) => {
        const s = readSets(p);
        return s.kind === 'sets' ? [{ param: p.name, property: s.property.join('.'), at: sourceOf(s.at) }] : [];
      }),
      principal: readPrincipal(ctx, successSchema(ctx, op))
        .filter((p) => p.value === 'username')
        .map((p) => ({ property: p.property, at: sourceOf(p.location) })),
    });
  }
  return out;
}
