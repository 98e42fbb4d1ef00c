// The diff engine: pure (no clock, no I/O). Pairs operations of BASE and HEAD, runs every rule family,
// turns schema findings into changes and groups identical changes across the operations they reach.
import { sortedEntries } from './sorted.js';
import type { OperationObject, OpenApiDocument, ParameterObject, PathItemObject, SecurityRequirement } from '../load/types.js';
import { openapiVersion, pathItemOperations } from '../load/operations.js';
import type { OperationPair, OperationSide, Site } from './context.js';
import { type RuleId, renderMessage, ruleOf } from './registry.js';
import { type Finding, SchemaComparer, checkStructure, renderPath } from './schema/compare.js';
import { DocSchemas } from './schema/resolve.js';
import { isObject } from '../util/json.js';
import { checkComposition } from './rules/composition.js';
import { checkConstraints } from './rules/constraints.js';
import { checkEnums } from './rules/enums.js';
import { checkParameters } from './rules/parameters.js';
import { type KeyedOperation, checkOperationMeta, checkRemovedAndAdded } from './rules/paths.js';
import { checkRequestBody, checkRequestProperties } from './rules/request-body.js';
import { checkResponseProperties } from './rules/response-body.js';
import { checkTypes } from './rules/schema-types.js';
import { checkSecurity, checkSecuritySchemes } from './rules/security.js';
import { checkResponses } from './rules/status-codes.js';
import { checkStreams, streamsOf } from './rules/streams.js';
import type { Change, Direction, DiffOptions, Level, Params } from './types.js';

const LEVEL_ORDER: Record<Level, number> = { breaking: 0, 'non-breaking': 1, info: 2 };

/** Collects changes, merging the same change (id, location, message) reached from several operations. */
export class ChangeSink {
  private readonly byKey = new Map<string, { change: Change; ops: Set<string> }>();

  constructor(private readonly api: string) {}

  add(id: RuleId, operation: string, location: string, params: Params): void {
    const message = renderMessage(id, params);
    const key = `${id}\u0000${location}\u0000${message}`;
    let entry = this.byKey.get(key);
    if (!entry) {
      entry = { change: { id, level: ruleOf(id).level, api: this.api, operation: '', operations: [], location, message }, ops: new Set() };
      this.byKey.set(key, entry);
    }
    if (operation) entry.ops.add(operation);
  }

  changes(): Change[] {
    const out = [...this.byKey.values()].map(({ change, ops }) => {
      const operations = [...ops].sort();
      return { ...change, operations, operation: operations[0] ?? '' };
    });
    return sortChanges(out);
  }
}

export function sortChanges(changes: Change[]): Change[] {
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return changes.sort(
    (a, b) =>
      cmp(a.api, b.api) ||
      LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
      cmp(a.operation, b.operation) ||
      cmp(a.location, b.location) ||
      cmp(a.id, b.id) ||
      cmp(a.message, b.message),
  );
}

function mergeParams(schemas: DocSchemas, item: PathItemObject, op: OperationObject): ParameterObject[] {
  const byKey = new Map<string, ParameterObject>();
  for (const raw of [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
    const p = schemas.deref(raw) as unknown as ParameterObject;
    byKey.set(`${p.in}:${p.name}`, p);
  }
  return [...byKey.values()];
}

function collect(doc: OpenApiDocument, schemas: DocSchemas): Map<string, KeyedOperation> {
  const out = new Map<string, KeyedOperation>();
  const docSecurity: SecurityRequirement[] = Array.isArray(doc.security) ? doc.security : [];
  const version = openapiVersion(doc);
  const add = (pathKey: string, path: string, rawItem: unknown): void => {
    const item = schemas.deref(rawItem) as PathItemObject;
    for (const { keys, httpMethod: method, op } of pathItemOperations<OperationObject>(item, version)) {
      if (!isObject(op)) continue;
      const at = keys.join('.');
      const label = `${method} ${path}`;
      const side: OperationSide = {
        schemas,
        op,
        path,
        method,
        at,
        pathItem: item,
        params: mergeParams(schemas, item, op),
        security: Array.isArray(op.security) ? op.security : docSecurity,
      };
      out.set(`${at} ${pathKey}`, { key: `${at} ${pathKey}`, pathKey, label, side });
    }
  };
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const path of Object.keys(paths)) add(path.replace(/\{[^}]*\}/g, '{}'), path, paths[path]);
  const hooks = isObject(doc.webhooks) ? doc.webhooks : {};
  for (const name of Object.keys(hooks)) add(`webhook:${name}`, `webhook ${name}`, hooks[name]);
  return out;
}

function segmentsTarget(dir: Direction, site: Site, f: Finding): { location: string; target: string } {
  const path = renderPath(f.path);
  if (f.anchor) {
    return {
      location: `components.schemas.${f.anchor}${path ? `.${path}` : ''}`,
      target: path ? `${dir} property \`${f.anchor}.${path}\`` : `schema \`${f.anchor}\` (${dir})`,
    };
  }
  const location = path ? `${site.location}${path.startsWith('[]') ? '' : '.'}${path}` : site.location;
  if (!path) return { location, target: site.label };
  if (path === '[]') return { location, target: `the items of ${site.label}` };
  if (site.kind === 'body') return { location, target: `${dir} property \`${path}\`` };
  if (site.kind === 'querystring') return { location, target: `query string property \`${path}\`` };
  return { location, target: `property \`${path}\` of ${site.label}` };
}

/** Compares two documents of one API. `api` labels the changes (`document/v1`). */
export function diffDocuments(base: OpenApiDocument, head: OpenApiDocument, api: string, options: DiffOptions = {}): Change[] {
  const baseSchemas = new DocSchemas(base);
  const headSchemas = new DocSchemas(head);
  const sink = new ChangeSink(api);
  const comparer = new SchemaComparer(baseSchemas, headSchemas, [checkComposition, checkTypes, checkConstraints, checkEnums, (ctx) => (ctx.dir === 'request' ? checkRequestProperties(ctx) : checkResponseProperties(ctx)), checkStructure]);
  const baseOps = collect(base, baseSchemas);
  const headOps = collect(head, headSchemas);

  const baseStreams = streamsOf(base);
  const headStreams = streamsOf(head);

  checkRemovedAndAdded(baseOps, headOps, (id, operation, location, params) => sink.add(id, operation, location, params), options);

  for (const [key, b] of sortedEntries(baseOps)) {
    const h = headOps.get(key);
    if (!h) continue;
    const operation = h.label;
    const pair: OperationPair = {
      operation,
      base: b.side,
      head: h.side,
      emit: (id, location, params = {}) => sink.add(id, operation, location, params),
      schema: (baseRaw, headRaw, dir, site) => {
        for (const f of comparer.compare(baseRaw, headRaw, dir)) {
          let id = f.id;
          if (f.path.length === 0) {
            if (site.covered?.includes(id)) continue;
            id = site.rename?.[id] ?? id;
            if (site.loose && (id === `${dir}-type-changed` || id === `${dir}-type-generalized` || id === `${dir}-type-narrowed`)) id = `${dir}-body-type-compatible`;
          }
          const { location, target } = segmentsTarget(dir, site, f);
          sink.add(id, operation, location, { ...f.params, target });
        }
      },
    };
    checkOperationMeta(pair);
    checkParameters(pair);
    checkRequestBody(pair);
    checkResponses(pair);
    checkSecurity(pair);
    checkStreams(pair, { base, head }, baseStreams.get(`${b.side.method} ${b.side.path}`), headStreams.get(`${h.side.method} ${h.side.path}`));
  }

  checkSecuritySchemes(base, head, (id, location, params) => sink.add(id, '', location, params));
  return sink.changes();
}
