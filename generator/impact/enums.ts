// Response enums that may now hold a value the consumer's code does not expect, and request enum values that were
// removed. The first is the place the compiler will not show: a `switch` over every old value with no `default`
// compiles before and after and does nothing for the new value; so does a chain of `===` comparisons (if/else, or
// ternaries) that names every old value and has no final else, or names all but one and lets the final else stand for
// that one (`direction === 'Sent' ? 'out' : 'in'`). A `default` (or a final else that is not the last old value) is
// a handling of other values: not reported; a `default` that assigns to `never` makes the compiler report it.
import type * as TS from 'typescript';
import type { Evidence } from './evidence.js';
import type { Rule } from './rule.js';
import type { ImpactChange, Scope } from './types.js';

interface Chain {
  subject: TS.Expression;
  values: Set<string>;
  /** A final else (or a ternary's last branch). */
  rest: boolean;
}

/** `x === 'v'`, `'v' == x`, and `||` of such over one subject. */
function comparisons(ts: Scope['ts'], e: TS.Expression, out: { subject?: TS.Expression; values: string[] }): boolean {
  while (ts.isParenthesizedExpression(e)) e = e.expression;
  if (!ts.isBinaryExpression(e)) return false;
  const op = e.operatorToken.kind;
  if (op === ts.SyntaxKind.BarBarToken) return comparisons(ts, e.left, out) && comparisons(ts, e.right, out);
  if (op !== ts.SyntaxKind.EqualsEqualsEqualsToken && op !== ts.SyntaxKind.EqualsEqualsToken) return false;
  const [lit, subject] = ts.isStringLiteralLike(e.right) ? [e.right, e.left] : ts.isStringLiteralLike(e.left) ? [e.left, e.right] : [];
  if (!lit || !subject) return false;
  if (out.subject && out.subject.getText() !== subject.getText()) return false;
  out.subject = subject;
  out.values.push(lit.text);
  return true;
}

/** The comparison chain headed by an `if` or a conditional expression (not one inside another's else). */
function chainAt(ts: Scope['ts'], node: TS.Node): Chain | undefined {
  const acc: { subject?: TS.Expression; values: string[] } = { values: [] };
  let rest = false;
  if (ts.isIfStatement(node)) {
    if (ts.isIfStatement(node.parent) && node.parent.elseStatement === node) return undefined;
    let at: TS.Statement | undefined = node;
    while (at && ts.isIfStatement(at)) {
      if (!comparisons(ts, at.expression, acc)) return undefined;
      at = at.elseStatement;
    }
    rest = at !== undefined;
  } else if (ts.isConditionalExpression(node)) {
    if (ts.isConditionalExpression(node.parent) && node.parent.whenFalse === node) return undefined;
    let at: TS.Expression = node;
    while (ts.isConditionalExpression(at)) {
      if (!comparisons(ts, at.condition, acc)) return undefined;
      at = at.whenFalse;
      while (ts.isParenthesizedExpression(at)) at = at.expression;
    }
    rest = true;
  } else return undefined;
  return acc.subject ? { subject: acc.subject, values: new Set(acc.values), rest } : undefined;
}

/** Switches and comparison chains over a value of the enum at `targets` that do not handle a value outside `old`. */
export function exhaustiveRule(scope: Scope, ev: Evidence, change: ImpactChange, targets: ReadonlySet<TS.Node>, old: readonly string[]): Rule | undefined {
  const { ts } = scope;
  if (!targets.size || !old.length) return undefined;
  return {
    change,
    needles: old,
    kinds: [ts.SyntaxKind.SwitchStatement, ts.SyntaxKind.IfStatement, ts.SyntaxKind.ConditionalExpression],
    visit(node) {
      if (ts.isSwitchStatement(node)) {
        const clauses = node.caseBlock.clauses;
        if (clauses.some((c) => ts.isDefaultClause(c))) return undefined;
        const values = new Set(clauses.flatMap((c) => (ts.isCaseClause(c) && ts.isStringLiteralLike(c.expression) ? [c.expression.text] : [])));
        if (!old.every((v) => values.has(v))) return undefined;
        return ev.valueFrom(node.expression, targets) ? node : undefined;
      }
      const chain = chainAt(ts, node);
      if (!chain) return undefined;
      const missing = old.filter((v) => !chain.values.has(v)).length;
      if (!(missing === 0 && !chain.rest) && !(missing === 1 && chain.rest)) return undefined;
      return ev.valueFrom(chain.subject, targets) ? node : undefined;
    },
  };
}

/** A removed value written where the enum is expected: set in an object literal, compared with, a case, annotated. */
export function removedValueRule(scope: Scope, ev: Evidence, change: ImpactChange, targets: ReadonlySet<TS.Node>, removed: readonly string[]): Rule | undefined {
  const { ts } = scope;
  if (!targets.size || !removed.length) return undefined;
  return {
    change,
    needles: removed,
    kinds: [ts.SyntaxKind.StringLiteral, ts.SyntaxKind.NoSubstitutionTemplateLiteral],
    visit(node) {
      if (!ts.isStringLiteralLike(node) || !removed.includes(node.text)) return undefined;
      const p = node.parent;
      let hit = false;
      if (ts.isPropertyAssignment(p) && p.initializer === node && ts.isObjectLiteralExpression(p.parent) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) {
        hit = ev.contextualProperties(p.parent, p.name.text).some((s) => ev.declaredFrom(s, targets, 0));
      } else if (ts.isBinaryExpression(p)) hit = ev.valueFrom(p.left === node ? p.right : p.left, targets);
      else if (ts.isCaseClause(p)) hit = ev.valueFrom(p.parent.parent.expression, targets);
      else if (ts.isVariableDeclaration(p) && p.type) hit = ev.typeFrom(p.type, targets);
      return hit ? node : undefined;
    },
  };
}

/** The string values of the enum declared at `decls` (the union of literals its declaration has as type). */
export function enumValues(scope: Scope, decls: ReadonlySet<TS.Node>): string[] {
  const values = new Set<string>();
  for (const d of decls) {
    const t = scope.checker.getTypeAtLocation(d);
    for (const m of t.isUnion() ? t.types : [t]) if (m.isStringLiteral()) values.add(m.value);
  }
  return [...values];
}
