import { pluralize } from '@redocly/openapi-core';
import { isCollectionOperation, isTokenService, readOperationResource } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'resource-path-shape';
export const summary = 'an id path parameter not directly under a plural collection segment, or a GET of a stand-alone resource (neither a collection nor an instance, as the resources reader reads roles) whose last segment is plural';
export const spec = '2.1 Instance resource: "addressed by an id path parameter, for example /documents/<id>"; Stand-alone instance resource: "Path is singular, for example /current-user".';

const isPlural = (segment: string): boolean => {
  const word = segment.split('-').at(-1) ?? segment;
  return word.endsWith('s') && pluralize(word) === word;
};

// 2.1 Instance resource: "an item of a collection, addressed by an id path parameter, for example /documents/<id>";
// Stand-alone instance resource: "Path is singular, for example /current-user, or a sub-resource such as
// /documents/<id>/presentation".
export const check = operationRule((op, ctx, report) => {
  if (isTokenService(ctx, op)) return;
  const segments = op.path.split('/').filter(Boolean);
  segments.forEach((s, i) => {
    if (!s.startsWith('{')) return;
    const before = segments[i - 1];
    if (before === undefined || before.startsWith('{') || !isPlural(before))
      report(op.pathLocation, `Address the instance ${s} under its plural collection, for example /documents/{documentId}: "${before ?? ''}" is not a collection.`, true);
  });
  // Stand-alone: neither a collection nor one of its instances (the resources reader's roles). A GET that looks like
  // a collection but is malformed is collection-shape's to report.
  const role = readOperationResource(ctx, op).role;
  const last = segments.at(-1);
  if (op.method === 'get' && role !== 'collection' && role !== 'instance' && last !== undefined && !isCollectionOperation(ctx, op) && isPlural(last))
    report(op.pathLocation, `Name the stand-alone resource "${last}" in the singular, or answer it as a collection (an array or meta + items).`, true);
});
