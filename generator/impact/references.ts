// Code that names something a regeneration removes or changes: a removed operation's method, a removed parameter or
// request property set in an object literal, a removed or retyped result property read, an import of a removed
// export. A name counts only where the checker resolves it to the old generated declaration: a property of the
// consumer's own with the same name is not a finding.
import type * as TS from 'typescript';
import type { Evidence } from './evidence.js';
import type { Rule } from './rule.js';
import type { ImpactChange, Scope } from './types.js';

export function referenceRule(scope: Scope, ev: Evidence, change: ImpactChange, decls: ReadonlySet<TS.Node>, name: string, accept: (node: TS.Node) => boolean = () => true): Rule | undefined {
  const { ts } = scope;
  if (!decls.size) return undefined;
  return {
    change,
    needles: [name],
    kinds: [ts.SyntaxKind.Identifier, ts.SyntaxKind.StringLiteral],
    visit(node) {
      const named = ts.isIdentifier(node) || (ts.isStringLiteral(node) && ts.isElementAccessExpression(node.parent) && node.parent.argumentExpression === node);
      if (!named || (node as TS.Identifier | TS.StringLiteral).text !== name) return undefined;
      const hit = ev.symbolsAt(node).some((s) => s.declarations?.some((d) => decls.has(d)));
      return hit && accept(node) ? node : undefined;
    },
  };
}

/** An import, re-export or qualified use of a removed export (not each use of the local name it was imported as). */
export const exportUse = (ts: Scope['ts']) => (node: TS.Node): boolean => {
  const p = node.parent;
  return ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isPropertyAccessExpression(p) || ts.isQualifiedName(p) || ts.isImportTypeNode(p);
};

/** A read that does not first check for undefined (`?.`, `??`, a comparison, a truth test). */
export const uncheckedRead = (ts: Scope['ts']) => (node: TS.Node): boolean => {
  const read = node.parent;
  if (ts.isPropertyAssignment(read) || ts.isShorthandPropertyAssignment(read)) return false; // setting it is fine
  if (!ts.isPropertyAccessExpression(read) && !ts.isElementAccessExpression(read)) return !ts.isBindingElement(read) || read.initializer === undefined;
  const up = read.parent;
  if ((ts.isPropertyAccessExpression(up) || ts.isElementAccessExpression(up) || ts.isCallExpression(up)) && up.questionDotToken) return false;
  if (ts.isBinaryExpression(up)) {
    const op = up.operatorToken.kind;
    const S = ts.SyntaxKind;
    if ([S.QuestionQuestionToken, S.AmpersandAmpersandToken, S.BarBarToken, S.EqualsEqualsEqualsToken, S.ExclamationEqualsEqualsToken, S.EqualsEqualsToken, S.ExclamationEqualsToken].includes(op)) return false;
    if (op === S.EqualsToken && up.left === read) return false;
  }
  if (ts.isPrefixUnaryExpression(up) || ts.isTypeOfExpression(up) || ts.isIfStatement(up) || (ts.isConditionalExpression(up) && up.condition === read)) return false;
  return !guarded(ts, read);
};

/** Inside the branch of an `if`, `?:` or `&&` whose condition tests the same expression (`o.memo ? o.memo : ''`). */
function guarded(ts: Scope['ts'], read: TS.Node): boolean {
  const text = read.getText();
  for (let child = read, at = read.parent; at && !ts.isFunctionLike(at); child = at, at = at.parent) {
    const test = ts.isIfStatement(at) && at.thenStatement === child ? at.expression : ts.isConditionalExpression(at) && at.whenTrue === child ? at.condition : ts.isBinaryExpression(at) && at.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && at.right === child ? at.left : undefined;
    if (test?.getText().includes(text)) return true;
  }
  return false;
}

/** A value set in an object literal that is not one of `values` (a request string that became a closed enum). */
export const setOtherThan = (ts: Scope['ts'], values: readonly string[]) => (node: TS.Node): boolean => {
  const p = node.parent;
  if (ts.isShorthandPropertyAssignment(p)) return true;
  if (!ts.isPropertyAssignment(p)) return false;
  return !(ts.isStringLiteralLike(p.initializer) && values.includes(p.initializer.text));
};
