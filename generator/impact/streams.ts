// A stream's event type added (issue 47): the enum of the items' `event` gained a value. A `switch` over the `event`
// of a stream's item with no `default` ignores the new event whatever cases it lists, so it is reported even where
// the cases never named every old event (where enums.ts's exhaustive rule looks only at switches naming them all).
// A stream's item is the variable of a `for await` loop: what the generated client's stream, or any async iterable
// of the items, gives.
import type * as TS from 'typescript';
import type { Evidence } from './evidence.js';
import type { Rule } from './rule.js';
import type { ImpactChange, Scope } from './types.js';

/** The `for await` loop variable `expr` names, when it does. */
function loopVariable(scope: Scope, expr: TS.Expression): boolean {
  const { ts, checker } = scope;
  if (!ts.isIdentifier(expr)) return false;
  const decl = checker.getSymbolAtLocation(expr)?.valueDeclaration;
  const list = decl && ts.isVariableDeclaration(decl) ? decl.parent : undefined;
  return list !== undefined && ts.isVariableDeclarationList(list) && ts.isForOfStatement(list.parent) && list.parent.awaitModifier !== undefined;
}

/** Switches with no `default` over `item.event`, `item` a stream's item, where `event` is the enum at `targets`. */
export function streamSwitchRule(scope: Scope, ev: Evidence, change: ImpactChange, targets: ReadonlySet<TS.Node>): Rule | undefined {
  const { ts } = scope;
  if (!targets.size || !/(^|\.)event$/.test(change.target ?? '')) return undefined;
  return {
    change,
    needles: ['for await'],
    kinds: [ts.SyntaxKind.SwitchStatement],
    visit(node) {
      if (!ts.isSwitchStatement(node) || node.caseBlock.clauses.some((c) => ts.isDefaultClause(c))) return undefined;
      let subject = node.expression;
      while (ts.isParenthesizedExpression(subject)) subject = subject.expression;
      if (!ts.isPropertyAccessExpression(subject) || subject.name.text !== 'event' || !loopVariable(scope, subject.expression)) return undefined;
      return ev.valueFrom(subject, targets) ? node : undefined;
    },
  };
}
