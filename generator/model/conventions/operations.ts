// The operations of a document with what the conventions ask about them: merged parameters,
// responses, effective security, the JSON body of the success response.
import { at, child, entries, str, type At, type Ctx, type Location, type Obj } from './node.js';

import { openapiVersion, pathItemOperations } from '../../load/operations.js';
import { isObject } from '../../util/json.js';

export interface Param {
  name: string;
  in: string;
  node: At;
  /** The parameter as written (a `$ref` keeps its siblings here), and where. */
  raw: unknown;
  rawLocation: Location;
  schema: At | undefined;
}

export interface Operation {
  path: string;
  /** Lower case, as `get /items` names it: a fixed field's name (`get`, `query`), an additional operation's method
   *  lower-cased (`link`). */
  method: string;
  /** The method as sent: `GET`, `QUERY`, an additional operation's key as written (`LINK`). */
  httpMethod: string;
  op: At;
  /** Where the method key is written (`paths/~1items/additionalOperations/LINK` for an additional operation): where
   *  problems about the whole operation are reported. */
  keyLocation: Location;
  /** Where the path key is written. */
  pathLocation: Location;
  params: Param[];
  /** Every parameter as written, the path item's then the operation's own, overridden ones included. */
  declared: Param[];
  responses: Map<string, At>;
  /** Effective security: the operation's, else the document's; undefined when neither declares one. */
  security: Obj[] | undefined;
  root: At;
}

const index = new WeakMap<object, Map<string, Operation[]>>();

/**
 * The document's operations, walked once per document (and file it is read as) and shared by every reader and
 * lint rule that asks (the 24 operation rules used to walk the whole document each).
 */
export function operations(ctx: Ctx, root: At): Operation[] {
  let byFile = index.get(root.node);
  if (!byFile) index.set(root.node, (byFile = new Map()));
  const file = root.location.source.absoluteRef;
  let out = byFile.get(file);
  if (!out) byFile.set(file, (out = walk(ctx, root)));
  return out;
}

function walk(ctx: Ctx, root: At): Operation[] {
  const out: Operation[] = [];
  const paths = child(ctx, root, 'paths');
  if (!paths) return out;
  const version = openapiVersion(root.node);
  for (const path of Object.keys(paths.node)) {
    const item = child(ctx, paths, path);
    if (!item) continue;
    const shared = readParams(ctx, item);
    for (const { keys, method, httpMethod, op: raw } of pathItemOperations(item.node, version)) {
      const keyLocation = item.location.child(keys);
      const op = at(ctx, raw, keyLocation);
      if (!op) continue;
      const own = readParams(ctx, op);
      const params = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const security = Array.isArray(op.node.security) ? op.node.security : Array.isArray(root.node.security) ? root.node.security : undefined;
      out.push({
        path,
        method,
        httpMethod,
        op,
        keyLocation,
        pathLocation: paths.location.child([path]),
        params,
        declared: [...shared, ...own],
        responses: new Map(entries(ctx, op, 'responses')),
        security: security?.filter(isObject),
        root,
      });
    }
  }
  return out;
}

function readParams(ctx: Ctx, parent: At): Param[] {
  const raw = parent.node.parameters;
  if (!Array.isArray(raw)) return [];
  const out: Param[] = [];
  raw.forEach((value: unknown, i) => {
    const rawLocation = parent.location.child(['parameters', i]);
    const node = at(ctx, value, rawLocation);
    if (!node) return;
    out.push({ name: str(node.node.name) ?? '', in: str(node.node.in) ?? '', node, raw: value, rawLocation, schema: child(ctx, node, 'schema') });
  });
  return out;
}

export function param(op: Operation, name: string, where: string): Param | undefined {
  const lower = name.toLowerCase();
  return op.params.find((p) => p.in === where && (where === 'header' ? p.name.toLowerCase() === lower : p.name === name));
}

/** Lower-cased names of a response's headers. */
export function headerNames(ctx: Ctx, response: At | undefined): string[] {
  const headers = child(ctx, response, 'headers');
  return headers ? Object.keys(headers.node).map((h) => h.toLowerCase()) : [];
}

/** A reading of one operation, made once per operation object (operations() shares them per document). */
export function perOperation<T>(read: (ctx: Ctx, op: Operation) => T): (ctx: Ctx, op: Operation) => T {
  const cache = new WeakMap<Operation, T>();
  return (ctx, op) => {
    if (cache.has(op)) return cache.get(op)!;
    const value = read(ctx, op);
    cache.set(op, value);
    return value;
  };
}
