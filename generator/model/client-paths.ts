// Where each operation's method sits on the generated client: a resource path and a method name (`repos/get` ->
// `gh.repos.get`), or a top-level method (`listDocuments`). Read from operationId namespaces, or, when the author
// asks for it, from tags; renamed by the author's config; made unique level by level, resources first.
import { camelCase, unique, words } from '../util/names.js';
import { safeName } from './names.js';

/** How an author shapes the client of one API (docex.config.json `clients`). */
export interface ClientNaming {
  /** `operationId` (default): namespaces of the operationId (`repos/get`); `tag`: each operation's first tag. */
  groupBy?: 'operationId' | 'tag';
  /** New names of resources, by namespace as written (`repos`, `actions/secrets`) or by tag. */
  resources?: Record<string, string>;
  /** New method names (one name, within its resource), by operationId. */
  methods?: Record<string, string>;
}

/** What naming needs of one operation. */
export interface Named {
  operationId?: string;
  /** The operationId when it is usable as a name (present and unique), else a name derived from method and path. */
  base: string;
  tag?: string;
}

/** Separators of operationId namespaces: `repos/get` and `compute.instances.list`. */
const SEPARATOR = /[/.]/;

/** A property no generated object may have: a client or resource with `then` would be taken for a promise. */
const TAKEN = new Set(['then']);

/** The tag's words taken out of a method name (`listDocuments` under `Documents` -> `list`), singulars too; the
 *  name as it was when nothing would be left. */
function withoutTag(name: string, tag: string): string {
  const tagWords = new Set(words(tag).map((w) => w.toLowerCase()));
  const kept = words(name).filter((w) => {
    const l = w.toLowerCase();
    return ![l, `${l}s`, `${l}es`, l.replace(/y$/, 'ies')].some((w) => tagWords.has(w));
  });
  return kept.length ? kept.join(' ') : name;
}

/** The namespaces (as written) and the method's name (as written) of one operation. */
function split(op: Named, naming: ClientNaming): { namespaces: string[]; method: string } {
  if (naming.groupBy === 'tag') return op.tag === undefined ? { namespaces: [], method: op.base } : { namespaces: [op.tag], method: withoutTag(op.base, op.tag) };
  if (op.operationId === undefined || op.base !== op.operationId) return { namespaces: [], method: op.base };
  const parts = op.operationId.split(SEPARATOR).filter((p) => camelCase(p));
  return parts.length > 1 ? { namespaces: parts.slice(0, -1), method: parts.at(-1)! } : { namespaces: [], method: op.base };
}

interface Level {
  resources: Map<string, Level>;
  used: Set<string>;
}

const level = (): Level => ({ resources: new Map(), used: new Set() });

/**
 * Each operation's path on the client, in the order given (document order: that order decides numeric suffixes).
 * A resource keeps its name at its level and a method named like it takes a suffix (`repos2`); `then` and the
 * names objects inherit never name a member. `warn`: a rename that names nothing.
 */
export function clientPaths(ops: Named[], naming: ClientNaming, warn: (line: string) => void): string[][] {
  const splits = ops.map((op) => split(op, naming));
  const renamedResources = new Set<string>();
  const resourceName = (namespaces: string[], i: number) => {
    const key = namespaces.slice(0, i + 1).join('/');
    const renamed = naming.resources?.[key];
    if (renamed !== undefined) renamedResources.add(key);
    return safeName(renamed ?? namespaces[i]!, TAKEN);
  };
  // Resources first, so that every level knows its resources before its methods are named.
  const root = level();
  const owners = splits.map(({ namespaces }) => {
    let at = root;
    const path: string[] = [];
    namespaces.forEach((_, i) => {
      const name = resourceName(namespaces, i);
      path.push(name);
      let next = at.resources.get(name);
      if (!next) at.resources.set(name, (next = level()));
      at.used.add(name);
      at = next;
    });
    return { at, path };
  });
  const renamedMethods = new Set<string>();
  const paths = splits.map(({ method }, i) => {
    const id = ops[i]!.operationId;
    const renamed = id === undefined ? undefined : naming.methods?.[id];
    if (renamed !== undefined) renamedMethods.add(id!);
    const { at, path } = owners[i]!;
    return [...path, unique(safeName(renamed ?? method, TAKEN), at.used)];
  });
  for (const key of Object.keys(naming.resources ?? {})) if (!renamedResources.has(key)) warn(`the rename of resource "${key}" matches no resource: it is left out`);
  for (const key of Object.keys(naming.methods ?? {})) if (!renamedMethods.has(key)) warn(`the rename of method "${key}" matches no operationId: it is left out`);
  return paths;
}

/**
 * The interface name of each resource (`repos.actions` -> `ReposActionsResource`), by its path joined with dots.
 * Paths whose parts run together into one name (`a.bC` and `aB.c`: `ABC`) are each named with their parts
 * separated (`A_BCResource`, `AB_CResource`); numeric suffixes settle what is still equal, in path order. The same
 * paths give the same names whatever the document's order.
 */
export function resourceTypeNames(paths: readonly (readonly string[])[]): Map<string, string> {
  const upper = (s: string) => s[0]!.toUpperCase() + s.slice(1);
  const keys = [...new Set(paths.map((p) => p.join('.')))].sort();
  const joined = new Map<string, string[]>();
  for (const key of keys) {
    const base = key.split('.').map(upper).join('');
    joined.set(base, [...(joined.get(base) ?? []), key]);
  }
  const used = new Set<string>();
  const names = new Map<string, string>();
  for (const key of keys) {
    const parts = key.split('.').map(upper);
    const base = parts.join('');
    names.set(key, `${unique(joined.get(base)!.length > 1 ? parts.join('_') : base, used)}Resource`);
  }
  return names;
}
