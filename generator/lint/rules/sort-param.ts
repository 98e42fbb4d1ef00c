import { at, isObj, strings } from '../shapes/node.js';
import { param, successSchema } from '../shapes/operation.js';
import { collectionItem, props } from '../shapes/schema.js';
import { operationRule } from '../shapes/rule.js';

export const SortParam = operationRule((op, ctx, report) => {
  const sort = param(op, 'sort', 'query');
  if (!sort) return;
  // `x-sortable` may sit beside the parameter's `$ref` or in the parameter itself.
  const written = isObj(sort.raw) && sort.raw['x-sortable'] !== undefined ? at(ctx, sort.raw['x-sortable'], sort.rawLocation.child(['x-sortable'])) : undefined;
  const sortable = written ?? at(ctx, sort.node.node['x-sortable'], sort.node.location.child(['x-sortable']));
  if (!sortable) {
    report(sort.node.location, `Declare the sortable properties and the default on "sort" with x-sortable: { properties: [...], default: ... }.`);
    return;
  }
  const names = strings(sortable.node.properties);
  // A default may name its direction (`-createdAt`); the property is what must be sortable.
  const fallback = typeof sortable.node.default === 'string' ? sortable.node.default.replace(/^-/, '') : sortable.node.default;
  if (names.length === 0) report(sortable.location, `List the sortable properties in x-sortable.properties.`);
  if (typeof fallback !== 'string') report(sortable.location, `Name the default sort property in x-sortable.default.`);
  else if (!names.includes(fallback)) report(sortable.location.child(['default']), `Add the default "${fallback}" to x-sortable.properties.`);
  const item = collectionItem(ctx, successSchema(ctx, op));
  if (!item) return;
  const known = props(ctx, item);
  if (known.size === 0) return;
  const list = sortable.node.properties;
  if (Array.isArray(list))
    list.forEach((n: unknown, i) => {
      if (typeof n === 'string' && !known.has(n)) report(sortable.location.child(['properties', i]), `Remove "${n}" from x-sortable.properties or add it to the collection's item: it is not one of its properties.`);
    });
  if (typeof fallback === 'string' && names.includes(fallback) && !known.has(fallback))
    report(sortable.location.child(['default']), `Make x-sortable.default a property of the collection's item: "${fallback}" is not one.`);
});
