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
  for (const [path, p] of base.resultProperties) {
    if (head.resultProperties.has(path)) continue;
    const operation = p.operations[0]!;
    changes.push({ breaking: true, kind: 'result-property-removed', operation, target: path, message: `result property ${path} was removed: it breaks code that reads it` });
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
