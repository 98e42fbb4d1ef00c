// What of an operation is deprecated (`deprecated: true`): the operation itself, its own parameters, and the schemas
// of its request body (a grant's form, a property), each with its description and where it is written. The docs
// list them; `x-sunset` (sunset.ts) says when a deprecated operation may go.
import { refName } from '../../load/resolve.js';
import { at, child, list, type At, type Ctx, type Location } from './node.js';
import type { Operation } from './operations.js';
import { readContent } from './statuses.js';
import { isObject } from '../../util/json.js';

interface DeprecationReading {
  /** '' for the operation; `parameter \`p\``; `request body \`Schema\``, `request body \`Schema\`, property \`x\``. */
  subject: string;
  description: unknown;
  at: Location;
}

/** Schemas walked per request body media type at most (a large body's schema graph is bounded). */
const MAX_SCHEMAS = 500;

export function readDeprecations(ctx: Ctx, op: Operation): DeprecationReading[] {
  const found: DeprecationReading[] = [];
  if (op.op.node.deprecated === true) found.push({ subject: '', description: op.op.node.description, at: op.op.location });
  // The operation's own parameters, as written on it (those of its path item are the path's).
  for (const p of list(ctx, op.op, 'parameters')) {
    if (p.node.deprecated === true) found.push({ subject: `parameter \`${String(p.node.name)}\``, description: p.node.description, at: p.location });
  }
  for (const media of readContent(ctx, child(ctx, op.op, 'requestBody'))) {
    const raw = media.media?.node.schema;
    if (media.media && raw !== undefined) walk(ctx, raw, media.media.location.child(['schema']), 'request body', new Set(), found);
  }
  return found;
}

/** Visits the deprecated schemas reachable from `raw` (through refs, compositions, properties and items), each once. */
function walk(ctx: Ctx, raw: unknown, where: Location, label: string, seen: Set<object>, found: DeprecationReading[]): void {
  if (seen.size > MAX_SCHEMAS) return;
  const named = isObject(raw) && typeof raw.$ref === 'string' ? refName(raw.$ref) : undefined;
  const s: At | undefined = at(ctx, raw, where);
  if (!s || seen.has(s.node)) return;
  seen.add(s.node);
  const here = named ? `${label} \`${named}\`` : typeof s.node.title === 'string' ? `${label} "${s.node.title}"` : label;
  if (s.node.deprecated === true) found.push({ subject: here, description: s.node.description, at: s.location });
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    const parts = s.node[key];
    if (Array.isArray(parts)) parts.forEach((p, i) => walk(ctx, p, s.location.child([key, i]), label, seen, found));
  }
  const props = s.node.properties;
  if (isObject(props)) for (const [name, p] of Object.entries(props)) walk(ctx, p, s.location.child(['properties', name]), `${here}, property \`${name}\``, seen, found);
  if (s.node.items !== undefined) walk(ctx, s.node.items, s.location.child(['items']), here, seen, found);
}
