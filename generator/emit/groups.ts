// The order of an API's operations in client.ts and in its README: by tag.
import type { ApiModel, OperationModel } from '../model/index.js';

export interface OperationGroup {
  /** The first tag of its operations; undefined for the untagged ones. */
  tag: string | undefined;
  /** The tag, or the untagged group's heading. */
  heading: string;
  ops: OperationModel[];
}

/** Operations grouped by their first tag (the document's tag order, then first use; untagged last), each group in
 *  document order. */
export function byTag(api: ApiModel): OperationGroup[] {
  const groups = new Map<string | undefined, OperationModel[]>(api.tags.map((t) => [t.name, []]));
  for (const op of [...api.operations].sort((a, b) => a.order - b.order)) {
    const list = groups.get(op.tag) ?? [];
    list.push(op);
    groups.set(op.tag, list);
  }
  const untagged = groups.get(undefined);
  groups.delete(undefined);
  if (untagged) groups.set(undefined, untagged);
  return [...groups].filter(([, ops]) => ops.length).map(([tag, ops]) => ({ tag, heading: tag ?? 'Other operations', ops }));
}
