import { EXT, collectionItem, misplacedSortable, props, readSortable, sortParam, successSchemaNode } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'sort-param';
export const summary = `a \`sort\` parameter without \`${EXT.sortable}\` of its own (one beside a \`$ref\` is reported as misplaced: OpenAPI 3.0 tools drop it), or whose sortable properties or default are not properties of the collection item`;
export const spec = '4.5 Sorting: "Which properties are sortable and the default sort property are defined per resource."';

export const check = operationRule((op, ctx, report) => {
  const sort = sortParam(op);
  if (!sort) return;
  const misplaced = misplacedSortable(sort);
  if (misplaced) report(misplaced, `Move ${EXT.sortable} into the "sort" parameter itself: beside a $ref it is dropped (OpenAPI 3.0 ignores $ref siblings).`, true);
  const sortable = readSortable(ctx, sort);
  if (!sortable) {
    if (!misplaced) report(sort.node.location, `Declare the sortable properties and the default on "sort" with ${EXT.sortable}: { fields: [...], default: ... }.`);
    return;
  }
  const names = sortable.fields;
  const where = sortable.at.location;
  // A default may name its direction (`-createdAt`); the property is what must be sortable.
  const fallback = sortable.default?.replace(/^-/, '');
  if (names.length === 0) report(where, `List the sortable properties in ${EXT.sortable}.fields.`);
  if (fallback === undefined) report(where, `Name the default sort property in ${EXT.sortable}.default.`);
  else if (!names.includes(fallback)) report(where.child(['default']), `Add the default "${fallback}" to ${EXT.sortable}.fields.`);
  const item = collectionItem(ctx, successSchemaNode(ctx, op));
  if (!item) return;
  const known = props(ctx, item);
  if (known.size === 0) return;
  const list = sortable.at.node.fields;
  if (Array.isArray(list))
    list.forEach((n: unknown, i) => {
      if (typeof n === 'string' && !known.has(n)) report(where.child(['fields', i]), `Remove "${n}" from ${EXT.sortable}.fields or add it to the collection's item: it is not one of its properties.`);
    });
  if (fallback !== undefined && names.includes(fallback) && !known.has(fallback))
    report(where.child(['default']), `Make ${EXT.sortable}.default a property of the collection's item: "${fallback}" is not one.`);
});
