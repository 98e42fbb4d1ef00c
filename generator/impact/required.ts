// Calls that now miss something required: a parameter that became required or was added as required (every call of
// the operation is looked at, with the type of what it passes), and a request body property likewise (every object
// literal the checker expects to be of that body type). A call that passes it is not a finding.
import type * as TS from 'typescript';
import type { Evidence } from './evidence.js';
import type { Rule } from './rule.js';
import type { ImpactChange, Scope } from './types.js';

/** Whether a type has `key` as a property that is not optional. */
function provides(ts: Scope['ts'], ev: Evidence, type: TS.Type, key: string): boolean {
  return ev.constituents(type).every((t) => {
    const p = t.getProperty(key);
    return p !== undefined && !(p.flags & ts.SymbolFlags.Optional);
  });
}

/** Calls of an operation (its method, or `all`/`pages`) whose parameters do not provide `key`. */
export function callRule(scope: Scope, ev: Evidence, change: ImpactChange, op: string, callees: ReadonlySet<TS.Node>, key: string): Rule | undefined {
  const { ts, checker } = scope;
  if (!callees.size) return undefined;
  return {
    change,
    needles: [op],
    kinds: [ts.SyntaxKind.CallExpression],
    visit(node) {
      if (!ts.isCallExpression(node)) return undefined;
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : ts.isIdentifier(node.expression) ? node.expression : undefined;
      if (!callee || !ev.symbolsAt(callee).some((s) => s.declarations?.some((d) => callees.has(d)) || declaredAsCallee(ev, s, callees))) return undefined;
      const arg = node.arguments[0];
      if (!arg) return node;
      return provides(ts, ev, checker.getTypeAtLocation(arg), key) ? undefined : arg;
    },
  };
}

/** A method taken off the client into a variable (`const { listOrders } = shop`). */
function declaredAsCallee(ev: Evidence, symbol: TS.Symbol, callees: ReadonlySet<TS.Node>): boolean {
  return ev.declaredFrom(symbol, callees, 0);
}

/** Object literals expected to be of one of `owners` (the old body types) that do not provide `key`. */
export function literalRule(scope: Scope, ev: Evidence, change: ImpactChange, owners: readonly TS.Type[], key: string): Rule | undefined {
  const { ts, checker } = scope;
  const members = new Set(owners.flatMap((o) => o.getProperties().flatMap((p) => p.declarations ?? [])));
  const parents = new Set([...members].map((d) => d.parent));
  const names = [...new Set(owners.flatMap((o) => o.getProperties().map((p) => p.name)))];
  if (!owners.length) return undefined;
  const isOwner = (t: TS.Type) => owners.includes(t) || t.getProperties().some((p) => p.declarations?.some((d) => members.has(d) || parents.has(d.parent)));
  return {
    change,
    needles: names,
    kinds: [ts.SyntaxKind.ObjectLiteralExpression],
    visit(node) {
      if (!ts.isObjectLiteralExpression(node) || !node.properties.length) return undefined;
      if (!node.properties.some((p) => ts.isSpreadAssignment(p) || (p.name !== undefined && ts.isIdentifier(p.name) && names.includes(p.name.text)))) return undefined;
      const expected = checker.getContextualType(node);
      if (!expected || !ev.constituents(expected).some(isOwner)) return undefined;
      return provides(ts, ev, checker.getTypeAtLocation(node), key) ? undefined : node;
    },
  };
}
