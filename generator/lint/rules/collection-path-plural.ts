import { pluralize } from '@redocly/openapi-core';
import { isCollectionOperation, readOperationResource } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'collection-path-plural';
export const summary = 'a collection (a path the resources reader reads as one, such as a list or what a POST creates into, or a GET that looks like a list) whose last literal path segment is not plural';
export const spec = '2.1 Collection resource: "Path is plural, for example /documents."';

// A collection is a path the resources reader reads as one (also a create's, listed or not), or a GET that looks
// like one even when malformed (collection-shape reports its form).
export const check = operationRule((op, ctx, report) => {
  if (readOperationResource(ctx, op).role !== 'collection' && !isCollectionOperation(ctx, op)) return;
  const segment = op.path.split('/').filter((s) => s && !s.includes('{')).at(-1);
  if (segment === undefined) return;
  const word = segment.split('-').at(-1) ?? segment;
  if (pluralize(word) !== word)
    report(op.pathLocation, `Name the collection "${segment}" in the plural ("${segment.slice(0, -word.length)}${pluralize(word)}"), or make the GET a single resource without paging or items.`, true);
});
