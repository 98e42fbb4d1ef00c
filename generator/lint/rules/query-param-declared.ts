import {
  arrayItems,
  EXT,
  FILTER_MATCHES,
  isConventionParam,
  keyword,
  propertyAt,
  readFilter,
  readResources,
  readSets,
  types,
  type At,
  type Ctx,
  type FilterMatch,
} from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'query-param-declared';
export const summary = `a query parameter of a list (a GET of a collection) without \`${EXT.filter}\`, or of a create (a POST into one) without \`${EXT.sets}\` (\`offset\`, \`limit\`, \`sort\` and \`expand\` aside); one that is malformed, on another operation, names no property of the collection's item, or one its match cannot compare with the parameter`;
export const spec = '4.5 Conventions for API operations: the spec gives offset, limit, sort and expand their meaning and leaves every other parameter to the resource; declaring it is a house rule, so that clients, the docs and the sandbox know what it does without reading its name.';

// The spec gives offset, limit, sort and expand their meaning; any other query parameter of a list or a create means
// something about the items that only the document can say: which items a list keeps (x-filter), or which property
// of the created item the value goes into (x-sets). Lint judges what the filter reader read against the item.
export const check = operationRule((op, ctx, report) => {
  const collection = readResources(ctx, op.root).get(op.path)?.collection;
  const kind = collection && op.method === 'get' ? 'list' : collection && op.method === 'post' ? 'create' : undefined;
  for (const p of op.params) {
    const filter = readFilter(p);
    const sets = readSets(p);
    for (const [r, ext, belongs] of [[filter, EXT.filter, 'list'], [sets, EXT.sets, 'create']] as const) {
      if (r.kind === 'malformed') report(r.at, `Fix ${ext} on "${p.name}": ${r.problem}.`);
      else if (r.kind !== 'none' && (kind !== belongs || p.in !== 'query'))
        report(r.at, `Remove ${ext} from "${p.name}": only a ${belongs}'s query parameter ${belongs === 'list' ? 'filters' : 'sets a property of the item'}.`);
    }
    if (p.in !== 'query' || !kind || isConventionParam(op, p)) continue;
    if (kind === 'list' && filter.kind === 'none')
      report(p.node.location, `Declare what "${p.name}" filters: ${EXT.filter}: { property: <item property>, match: ${FILTER_MATCHES.join(' | ')} }.`);
    if (kind === 'create' && sets.kind === 'none') report(p.node.location, `Declare which property of the created item "${p.name}" sets: ${EXT.sets}: <item property>.`);
    // A create stores the value as it is: the parameter and the property have one type, as for equals.
    const declared = kind === 'list' && filter.kind === 'filter' ? { ...filter, ext: EXT.filter } : kind === 'create' && sets.kind === 'sets' ? { ...sets, match: 'equals' as const, ext: EXT.sets } : undefined;
    if (!declared) continue;
    const name = declared.property?.join('.') ?? '';
    const target = declared.property && propertyAt(ctx, collection!.item, declared.property);
    if (declared.property && !target) report(declared.at, `Name a property of the collection's item in ${declared.ext}: "${name}" is not one.`);
    const problem = (target || declared.match === 'search') && mismatch(ctx, declared.match, p.schema, target);
    if (problem) report(declared.at, `Make "${p.name}" fit ${declared.ext}${name ? ` "${name}"` : ''}: ${problem}.`);
  }
});

/** What keeps a parameter's schema from comparing (or being stored) with the property's, by match. */
function mismatch(ctx: Ctx, match: FilterMatch, param: At | undefined, property: At | undefined): string | undefined {
  const p = scalar(ctx, param);
  const t = scalar(ctx, property);
  const items = (s: At | undefined) => scalar(ctx, arrayItems(ctx, s));
  switch (match) {
    case 'equals':
      return p === 'array' ? 'an array parameter matches with in' : t === 'array' ? 'an array property matches with contains' : same(p, t);
    case 'in':
      return p !== 'array' ? 'match: in takes an array parameter' : same(items(param), t);
    case 'contains':
      return t !== 'array' ? 'match: contains needs an array property' : same(p, items(property));
    case 'after': {
      const ordered = (s: At | undefined, type: string | undefined) => type === 'number' || (type === 'string' && ['date-time', 'date'].includes(String(keyword(ctx, s, 'format'))));
      return !ordered(property, t) ? 'match: after compares numbers, timestamps or dates' : same(p, t) ?? (ordered(param, p) ? undefined : 'the parameter is not a timestamp or date');
    }
    case 'search':
      return p === 'string' ? undefined : 'a search takes a string';
  }
}

function same(a: string | undefined, b: string | undefined): string | undefined {
  return a !== undefined && a === b ? undefined : `the parameter is ${a ?? 'untyped'}, the property ${b ?? 'untyped'}`;
}

/** The one JSON type of a schema (null aside), integer counted as number. */
function scalar(ctx: Ctx, s: At | undefined): string | undefined {
  const t = types(ctx, s);
  t.delete('null');
  if (t.size === 2 && t.has('integer') && t.has('number')) return 'number';
  const [only] = t;
  return t.size === 1 ? (only === 'integer' ? 'number' : only) : undefined;
}
