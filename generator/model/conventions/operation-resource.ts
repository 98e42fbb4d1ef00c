// What an operation does to the resource its path names, from the path's role (resources.ts) and the method, never
// from names: list and create on a collection; read, replace and remove of an instance; read and replace below an
// instance or of a stand-alone resource; anything else is an action. The model, the sandbox (which serves each kind)
// and lint take it from here.
import type { OperationKind, OperationResource } from '../types.js';
import type { Ctx } from './node.js';
import { perOperation, type Operation } from './operations.js';
import { readResources } from './resources.js';

export const readOperationResource = perOperation(read);

function read(ctx: Ctx, op: Operation): OperationResource {
  const resources = readResources(ctx, op.root);
  const r = resources.get(op.path)!;
  const parentOf = (path: string | undefined): OperationResource['parent'] => {
    const instance = path === undefined ? undefined : resources.get(path)?.instance;
    return instance ? { path: path!, idParam: instance.idParam, collection: instance.of } : undefined;
  };
  const nested = (path: string) => resources.get(path)?.collection?.nested === true;
  const collection = r.collection ? op.path : undefined;
  const instance = r.instance?.of;
  const m = op.method;
  let kind: OperationKind = 'action';
  let parent = collection && nested(collection) ? parentOf(r.below) : undefined;
  if (collection && m === 'get') kind = 'list';
  else if (collection && m === 'post') kind = 'create';
  else if (instance && m === 'get') kind = 'read';
  else if (instance && m === 'put') kind = 'replace';
  else if (instance && m === 'delete') kind = 'remove';
  else {
    parent = parentOf(r.below);
    if (parent && m === 'get') kind = 'sub-read';
    else if (parent && m === 'put') kind = 'sub-replace';
    else if (!parent && !r.templated && m === 'get') kind = 'single-read';
    else if (!parent && !r.templated && m === 'put') kind = 'single-replace';
  }
  // An instance's parent is its collection's: the instance above a nested collection.
  if (instance && kind !== 'action') parent = nested(instance) ? parentOf(resources.get(instance)?.below) : undefined;
  const of = collection ?? instance;
  return {
    role: r.role,
    kind,
    ...(of !== undefined ? { collection: of } : {}),
    ...(r.instance && (kind === 'read' || kind === 'replace' || kind === 'remove') ? { idParam: r.instance.idParam } : {}),
    ...(parent ? { parent } : {}),
  };
}
