// What changed between two surfaces of an API, each change breaking exactly when a rule of `docex diff` it falls
// under is (its registry holds the levels, spec 2.1, 9): any change to an enum reachable from a response breaks, an
// x-extensible-enum may grow; in a request only a removed value breaks; a removed operation, a removed or newly
// required parameter and a removed result property break. Exported names are TypeScript's alone (no diff rule).
import { ruleOf, type RuleId } from '../diff/registry.js';
import type { ApiSurface, EnumSurface } from './extract.js';

interface SurfaceChange {
  breaking: boolean;
  kind: string;
  operation?: string;
  /** The type or property: `Document.status`, `listDocuments query direction`. */
  target?: string;
  values?: string[];
  message: string;
}

export interface ApiReport {
  api: string;
  breaking: number;
  changes: SurfaceChange[];
}

const list = (values: string[]) => values.map((v) => JSON.stringify(v)).join(', ');
const where = (e: EnumSurface) => (e.reach.has('request') && e.reach.has('response') ? 'request and response' : e.reach.has('response') ? 'response' : 'request');

/**
 * A change that falls under `rules` of `docex diff` (one per direction it reaches; undefined where the diff reports
 * nothing there): breaking when one of them is, by the registry's level, and then its message ends with `why`.
 */
function change(rules: readonly (RuleId | undefined)[], c: Omit<SurfaceChange, 'breaking' | 'message'>, message: string, why = ''): SurfaceChange {
  const breaking = rules.some((id) => id !== undefined && ruleOf(id).level === 'breaking');
  return { ...c, breaking, message: breaking && why ? `${message}: it breaks ${why}` : message };
}

function enumChanges(path: string, b: EnumSurface, h: EnumSurface): SurfaceChange[] {
  const added = h.values.filter((v) => !b.values.includes(v));
  const removed = b.values.filter((v) => !h.values.includes(v));
  const reach = [...new Set([...b.reach, ...h.reach])];
  const base = { operation: (h.operations[0] ?? b.operations[0])!, target: path };
  const out: SurfaceChange[] = [];
  if (reach.includes('response') && !b.extensible && h.extensible) {
    out.push(change(['response-enum-became-extensible'], { ...base, kind: 'response-enum-became-extensible' }, `${path} (${where(h)}) became an extensible enum`, 'because response values may now be added'));
  }
  if (added.length) {
    // Values added to a closed response enum break; to an extensible one, or in a request, they do not.
    const open = b.extensible || h.extensible ? 'extensible-' : '';
    const rules = reach.map((r) => (r === 'response' ? (`response-${open}enum-value-added` as const) : (`request-${b.extensible ? 'extensible-' : ''}enum-value-added` as const)));
    out.push(change(rules, { ...base, kind: 'enum-value-added', values: added }, `${path} (${where(h)}) gained ${list(added)}`, 'because a response enum changed, and an exhaustive switch misses the new value'));
  }
  if (removed.length) {
    const rules = reach.map((r) => `${r}-${b.extensible ? 'extensible-' : ''}enum-value-removed` as const);
    const why = reach.includes('request') ? 'because requests sending it are now rejected' : 'because a response enum changed';
    out.push(change(rules, { ...base, kind: 'enum-value-removed', values: removed }, `${path} (${where(b)}) lost ${list(removed)}`, why));
  }
  return out;
}

export function compareSurfaces(api: string, base: ApiSurface, head: ApiSurface): ApiReport {
  const changes: SurfaceChange[] = [];
  for (const [op, b] of base.operations) {
    const h = head.operations.get(op);
    if (!h) {
      changes.push(change(['operation-removed'], { kind: 'operation-removed', operation: op }, `${op}() was removed`, 'every call to it'));
      continue;
    }
    for (const [name, p] of b.params) {
      const q = h.params.get(name);
      const at = { operation: op, target: name };
      if (!q) changes.push(change(['request-parameter-removed'], { ...at, kind: 'parameter-removed' }, `${op}(): parameter ${name} was removed`, 'calls that pass it'));
      else if (q.required && !p.required) changes.push(change(['request-parameter-became-required'], { ...at, kind: 'parameter-became-required' }, `${op}(): parameter ${name} became required`, 'calls without it'));
      else if (!q.required && p.required) changes.push(change(['request-parameter-became-optional'], { ...at, kind: 'parameter-became-optional' }, `${op}(): parameter ${name} became optional`));
    }
    for (const [name, q] of h.params) {
      if (b.params.has(name)) continue;
      const rule = q.required ? 'request-parameter-added-required' : 'request-parameter-added';
      changes.push(change([rule], { kind: 'parameter-added', operation: op, target: name }, `${op}(): ${q.required ? 'required' : 'optional'} parameter ${name} was added`, 'calls without it'));
    }
  }
  for (const op of head.operations.keys()) if (!base.operations.has(op)) changes.push(change(['operation-added'], { kind: 'operation-added', operation: op }, `${op}() was added`));
  for (const [path, b] of base.enums) {
    const h = head.enums.get(path);
    if (h) changes.push(...enumChanges(path, b, h));
  }
  for (const [path, b] of base.enums) {
    if (!head.enums.has(path) && [...b.reach].every((r) => head.properties[r].has(path))) {
      // The diff has no rule for a dropped x-extensible-enum: its values were never a closed set.
      const rules = [...b.reach].map((r) => (b.extensible ? undefined : (`${r}-enum-removed` as const)));
      changes.push(change(rules, { kind: 'enum-removed', operation: b.operations[0]!, target: path }, `${path} (${where(b)}) is no longer a closed set of values`, 'because a response enum changed'));
    }
  }
  for (const [path, h] of head.enums) {
    if (base.enums.has(path) || ![...h.reach].some((r) => base.properties[r].has(path) || [...base.operations.keys()].some((op) => path.startsWith(`${op} `)))) continue;
    // Nor for a new x-extensible-enum: its type still takes any string.
    const rules = [...h.reach].map((r) => (h.extensible ? undefined : (`${r}-became-enum` as const)));
    changes.push(change(rules, { kind: 'became-enum', operation: h.operations[0]!, target: path, values: h.values }, `${path} (${where(h)}) is now limited to ${list(h.values)}`, 'requests sending other values'));
  }
  for (const r of ['request', 'response'] as const) {
    const noun = r === 'response' ? 'result' : 'request';
    for (const [path, b] of head.properties[r].size || base.properties[r].size ? base.properties[r] : []) {
      const h = head.properties[r].get(path);
      const at = { operation: b.operations[0]!, target: path };
      if (!h) {
        if (!head.operations.has(at.operation)) continue; // the operation's removal is reported
        changes.push(change([`${r}-property-removed`], { ...at, kind: `${r}-property-removed` }, `${noun} property ${path} was removed`, `code that ${r === 'response' ? 'reads' : 'sends'} it`));
        continue;
      }
      if (r === 'request' && b.optional && !h.optional) changes.push(change(['request-property-became-required'], { ...at, kind: 'request-property-became-required' }, `request property ${path} became required`, 'calls without it'));
      if (r === 'response' && !b.optional && h.optional) changes.push(change(['response-property-became-optional'], { ...at, kind: 'response-property-became-optional' }, `result property ${path} became optional`, 'code that reads it unchecked'));
      if (b.shape !== h.shape) {
        // A request that still accepts every kind it did was generalized; a response that returns no new kind narrowed.
        const [from, to] = [b.shape.split('|').filter(Boolean), h.shape.split('|').filter(Boolean)];
        const rule = r === 'request' ? (from.every((k) => to.includes(k)) ? 'request-type-generalized' : 'request-type-changed') : to.every((k) => from.includes(k)) ? 'response-type-narrowed' : 'response-type-changed';
        changes.push(change([rule], { ...at, kind: `${r}-type-changed` }, `${path} changed type from ${b.shape} to ${h.shape}`, 'code written for the old type'));
      }
    }
    if (r === 'request') {
      for (const [path, h] of head.properties.request) {
        const parent = path.slice(0, path.lastIndexOf('.'));
        if (base.properties.request.has(path) || h.optional || !base.operations.has(h.operations[0]!)) continue;
        if (parent.includes('.') && !base.properties.request.has(parent)) continue; // inside a new object: that object is what was added
        changes.push(change(['request-property-added-required'], { kind: 'request-property-added-required', operation: h.operations[0]!, target: path }, `required request property ${path} was added`, 'calls without it'));
      }
    }
  }
  // Exported names are the TypeScript's own, not the document's: no diff rule speaks of them.
  const dotted = (schema: string) => `components.${schema.replace(/\//g, '.')}`;
  // A named schema type under another name (a collision's `Schema` suffix or number came or went): said so.
  const renamedTo = (name: string) => {
    const schema = base.named.get(name);
    return schema === undefined ? undefined : [...head.named].find(([n, s]) => s === schema && !base.exported.has(n))?.[0];
  };
  for (const name of base.exported) {
    if (head.exported.has(name)) continue;
    const to = renamedTo(name);
    const why = to ? ` (${dotted(base.named.get(name)!)} is now exported as ${to})` : '';
    changes.push({ breaking: true, kind: 'export-removed', target: name, message: `exported ${name} was removed${why}: it breaks code that imports it` });
  }
  // The same name for another type: another schema's (a new `Repository` took `repository`'s name), or the client's
  // own (`AddFilterParams`, the schema's type moving to `AddFilterParamsSchema`).
  for (const [name, schema] of base.named) {
    const now = head.named.get(name);
    if (schema === undefined || now === schema || !head.exported.has(name)) continue;
    const to = renamedTo(name);
    const other = now === undefined ? 'a type of the client' : dotted(now);
    changes.push({ breaking: true, kind: 'export-changed', target: name, message: `exported ${name} now names ${other}, not ${dotted(schema)}${to ? ` (now exported as ${to})` : ''}: code that imports it gets another type` });
  }
  for (const name of head.exported) if (!base.exported.has(name)) changes.push({ breaking: false, kind: 'export-added', target: name, message: `exported ${name} was added` });
  changes.sort((a, b) => Number(b.breaking) - Number(a.breaking));
  return { api, breaking: changes.filter((c) => c.breaking).length, changes };
}

/** `document/v1: 1 breaking, 2 other changes` and one line per change. */
export function formatReport(reports: readonly ApiReport[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    if (!r.changes.length) continue;
    const other = r.changes.length - r.breaking;
    lines.push(`${r.api || '(api)'}: ${r.breaking} breaking, ${other} other change${other === 1 ? '' : 's'}`);
    for (const c of r.changes) lines.push(`  ${c.breaking ? 'breaking' : 'ok      '}  ${c.operation ? `${c.operation}: ` : ''}${c.message}`);
  }
  return lines.join('\n');
}
