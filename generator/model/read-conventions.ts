// The conventions of one operation, read once through the readers of conventions/ as plain data (locations become
// file + JSON pointer). The model builds its record from it; lint rules that need a fact of the record read it here.
import {
  child,
  collectionUnique,
  expandValues,
  hasStatus,
  isSecured,
  keyword,
  mayForbid,
  operations,
  param,
  perOperation,
  propertyAt,
  readCaching,
  readCollection,
  readEffect,
  readEtag,
  readExpandable,
  readFilter,
  readOperationResource,
  readPagination,
  readPrincipal,
  readResources,
  readSets,
  readSortable,
  readStream,
  refusesUnacceptable,
  sortParam,
  sourceOf,
  successSchemaNode,
  successStatus,
  tokenServiceRole,
  uniqueOf,
  type Ctx,
  type Operation,
  type PaginationReading,
} from './conventions/index.js';
import type { OperationConventions } from './types.js';

export const readOperationConventions = perOperation(read);

function read(ctx: Ctx, op: Operation): OperationConventions {
  const schemas = child(ctx, child(ctx, op.root, 'components'), 'schemas')?.node ?? {};
  const resources = readResources(ctx, op.root);
  const resource = readOperationResource(ctx, op);
  const collection = readCollection(ctx, op);
  const sortable = readSortable(ctx, sortParam(op));
  const expand = param(op, 'expand', 'query');
  const allowed = expand && expandValues(ctx, expand.schema)?.values;
  // Expandable: references to a schema that exists, that the `expand` parameter lists (all, if it lists none).
  const expandable = expand ? readExpandable(ctx, op).filter((e) => Object.hasOwn(schemas, e.target) && (!allowed || allowed.includes(e.name))) : [];
  const caching = [...op.responses].flatMap(([status, response]) => {
    const values = readCaching(ctx, response);
    return values ? [[status, values] as const] : [];
  });
  const tokenService = tokenServiceRole(ctx, op);
  const effect = readEffect(ctx, op);
  const effectOn = effect?.kind === 'effect' ? resources.get(effect.effect.target)?.instance?.of : undefined;
  // A replace may not make a duplicate either, where it declares 409: by its collection's criteria (spec 7.2).
  const unique =
    op.method === 'post' ? uniqueOf(op) : resource.kind === 'replace' && hasStatus(op, '409') ? collectionUnique(operations(ctx, op.root), resource.collection!) : undefined;
  const item = resource.collection === undefined ? undefined : resources.get(resource.collection)?.collection?.item;
  const query = op.params.filter((p) => p.in === 'query');
  const stream = readStream(ctx, op);
  return {
    successStatus: successStatus(op),
    notAcceptable: refusesUnacceptable(op),
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
    forbidden: mayForbid(op),
    ...(tokenService ? { tokenService } : {}),
    resource,
    ...(unique ? { unique: { fields: [...unique.fields], at: sourceOf(unique.at) } } : {}),
    ...(effect?.kind === 'effect' ? { effect: { ...effect.effect, at: sourceOf(effect.at), ...(effectOn !== undefined ? { collection: effectOn } : {}) } } : {}),
    filters: query.flatMap((p) => {
      const f = readFilter(p);
      if (f.kind !== 'filter') return [];
      const format = keyword(ctx, propertyAt(ctx, item, f.property ?? []), 'format');
      return [
        {
          param: p.name,
          match: f.match,
          ...(f.property ? { property: f.property.join('.') } : {}),
          ...(format === 'date-time' || format === 'date' ? { format } : {}),
          at: sourceOf(f.at),
        },
      ];
    }),
    sets: query.flatMap((p) => {
      const s = readSets(p);
      return s.kind === 'sets' ? [{ param: p.name, property: s.property.join('.'), at: sourceOf(s.at) }] : [];
    }),
    ...pagingOf(readPagination(ctx, op)),
    principal: readPrincipal(ctx, successSchemaNode(ctx, op))
      .filter((p) => p.value === 'username')
      .map((p) => ({ property: p.property, at: sourceOf(p.location) })),
    ...(stream ? { stream } : {}),
  };
}

function pagingOf({ found }: PaginationReading): Pick<OperationConventions, 'pagination'> {
  return found ? { pagination: { ...found.paging, source: found.source, at: sourceOf(found.at) } } : {};
}
