// The document's tags: names in document order, and OpenAPI 3.2's nesting (`parent`), `kind` and `summary`, which the
// docs site's navigation reads.
import type { TagModel } from '../types.js';
import { list, str, type At, type Ctx } from './node.js';

export function readTags(ctx: Ctx, root: At): TagModel[] {
  return list(ctx, root, 'tags').flatMap(({ node }) => {
    const name = str(node.name);
    if (name === undefined) return [];
    const tag: TagModel = { name };
    for (const key of ['summary', 'description', 'parent', 'kind'] as const) {
      const value = str(node[key]);
      if (value) tag[key] = value;
    }
    return [tag];
  });
}
