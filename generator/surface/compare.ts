// What changed between two surfaces of an API, each change classified by the rules `docex diff` applies (spec 2.1,
// 9): any change to an enum reachable from a response breaks, an x-extensible-enum may grow; in a request only a
// removed value breaks; a removed operation or exported name, a removed or newly required parameter and a removed
// result property break.
import type { ApiSurface, EnumSurface } from './extract.js';

export interface SurfaceChange {
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

function enumChanges(path: string, b: EnumSurface, h: EnumSurface): SurfaceChange[] {
  const added = h.values.filter((v) => !b.values.includes(v));
  const removed = b.values.filter((v) => !h.values.includes(v));
  const response = b.reach.has('response') || h.reach.has('response');
  const request = b.reach.has('request') || h.reach.has('request');
  const operation = (h.operations[0] ?? b.operations[0])!;
  const base = { operation, target: path };
  const out: SurfaceChange[] = [];
  if (response && !b.extensible && h.extensible) {
    out.push({ ...base, breaking: true, kind: 'response-enum-became-extensible', message: `${path} (${where(h)}) became an extensible enum: it breaks because response values may now be added` });
  }
  if (added.length) {
    const breaking = response && !b.extensible && !h.extensible;
    out.push({ ...base, breaking, kind: 'enum-value-added', values: added, message: `${path} (${where(h)}) gained ${list(added)}${breaking ? ': it breaks because a response enum changed, and an exhaustive switch misses the new value' : ''}` });
  }
  if (removed.length) {
    const breaking = (response && !b.extensible) || request;
    out.push({ ...base, breaking, kind: 'enum-value-removed', values: removed, message: `${path} (${where(b)}) lost ${list(removed)}${breaking ? `: it breaks because ${request ? 'requests sending it are now rejected' : 'a response enum changed'}` : ''}` });
  }
  return out;
}

export function compareSurfaces(api: string, base: ApiSurface, head: ApiSurface): ApiReport {
  const changes: SurfaceChange[] = [];
  for (const [op, b] of base.operations) {
    const h = head.operations.get(op);
    if (!h) {
      changes.push({ breaking: true, kind: 'operation-removed', operation: op, message: `${op}() was removed: it breaks every call to it` });
      continue;
    }
    for (const [name, p] of b.params) {
      const q = h.params.get(name);
      if (!q) changes.push({ breaking: true, kind: 'parameter-removed', operation: op, target: name, message: `${op}(): parameter ${name} was removed: it breaks calls that pass it` });
      else if (q.required && !p.required) changes.push({ breaking: true, kind: 'parameter-became-required', operation: op, target: name, message: `${op}(): parameter ${name} became required: it breaks calls without it` });
      else if (!q.required && p.required) changes.push({ breaking: false, kind: 'parameter-became-optional', operation: op, target: name, message: `${op}(): parameter ${name} became optional` });
    }
    for (const [name, q] of h.params) {
      if (b.params.has(name)) continue;
      changes.push({ breaking: q.required, kind: 'parameter-added', operation: op, target: name, message: `${op}(): ${q.required ? 'required' : 'optional'} parameter ${name} was added${q.required ? ': it breaks calls without it' : ''}` });
    }
  }
  for (const op of head.operations.keys()) if (!base.operations.has(op)) changes.push({ breaking: false, kind: 'operation-added', operation: op, message: `${op}() was added` });
  for (const [path, b] of base.enums) {
    const h = head.enums.get(path);
    if (h) changes.push(...enumChanges(path, b, h));
  }
  for (const [path, b] of base.enums) {
    if (!head.enums.has(path) && [...b.reach].every((r) => head.properties[r].has(path))) {
      const breaking = b.reach.has('response') && !b.extensible;
      changes.push({ breaking, kind: 'enum-removed', operation: b.operations[0]!, target: path, message: `${path} (${where(b)}) is no longer a closed set of values${breaking ? ': it breaks because a response enum changed' : ''}` });
    }
  }
  for (const [path, h] of head.enums) {
    if (base.enums.has(path) || ![...h.reach].some((r) => base.properties[r].has(path) || [...base.operations.keys()].some((op) => path.startsWith(`${op} `)))) continue;
    const breaking = h.reach.has('request');
    changes.push({ breaking, kind: 'became-enum', operation: h.operations[0]!, target: path, values: h.values, message: `${path} (${where(h)}) is now limited to ${list(h.values)}${breaking ? ': it breaks requests sending other values' : ''}` });
  }
  for (const r of ['request', 'response'] as const) {
    for (const [path, b] of head.properties[r].size || base.properties[r].size ? base.properties[r] : []) {
      const h = head.properties[r].get(path);
      const operation = b.operations[0]!;
      if (!h) {
        if (!head.operations.has(operation)) continue; // the operation's removal is reported
        changes.push({ breaking: true, kind: `${r}-property-removed`, operation, target: path, message: `${r === 'response' ? 'result' : 'request'} property ${path} was removed: it breaks code that ${r === 'response' ? 'reads' : 'sends'} it` });
        continue;
      }
      if (r === 'request' && b.optional && !h.optional) changes.push({ breaking: true, kind: 'request-property-became-required', operation, target: path, message: `request property ${path} became required: it breaks calls without it` });
      if (r === 'response' && !b.optional && h.optional) changes.push({ breaking: true, kind: 'response-property-became-optional', operation, target: path, message: `result property ${path} became optional: it breaks code that reads it unchecked` });
      if (b.shape !== h.shape) {
        // A request may widen (accept more kinds), a response may narrow (return fewer): the rest breaks.
        const [from, to] = [b.shape.split('|').filter(Boolean), h.shape.split('|').filter(Boolean)];
        const breaking = r === 'request' ? from.some((k) => !to.includes(k)) : to.some((k) => !from.includes(k));
        changes.push({ breaking, kind: `${r}-type-changed`, operation, target: path, message: `${path} changed type from ${b.shape} to ${h.shape}${breaking ? `: it breaks code written for the old type` : ''}` });
      }
    }
    if (r === 'request') {
      for (const [path, h] of head.properties.request) {
        const parent = path.slice(0, path.lastIndexOf('.'));
        if (base.properties.request.has(path) || h.optional || !base.operations.has(h.operations[0]!)) continue;
        if (parent.includes('.') && !base.properties.request.has(parent)) continue; // inside a new object: that object is what was added
        changes.push({ breaking: true, kind: 'request-property-added-required', operation: h.operations[0]!, target: path, message: `required request property ${path} was added: it breaks calls without it` });
      }
    }
  }
  for (const name of base.exported) {
    if (!head.exported.has(name)) changes.push({ breaking: true, kind: 'export-removed', target: name, message: `exported ${name} was removed: it breaks code that imports it` });
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
