// Whether a value or a type in the consumer's code comes from given declarations of the generated files, through the
// checker: a property read, a variable's initializer, a destructured property, an annotation that names a generated
// type (`Order['status']`, `components['schemas']['Status']`, a type alias of the consumer's). A few steps deep: a
// value that travels further is not followed (and not reported).
import type * as TS from 'typescript';
import type { Scope } from './types.js';

const DEPTH = 8;
const WRAPPERS = new Set(['NonNullable', 'Readonly', 'Required', 'Partial']);

export class Evidence {
  constructor(private readonly scope: Scope) {}

  /** The symbols a name in the consumer's code stands for: the property an object literal or a pattern names, the
   *  target of an import, else what the checker says. */
  symbolsAt(node: TS.Node): TS.Symbol[] {
    const { ts, checker } = this.scope;
    const parent = node.parent;
    if ((ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent)) && parent.name === node && ts.isObjectLiteralExpression(parent.parent)) {
      return this.contextualProperties(parent.parent, (node as TS.Identifier).text);
    }
    if (ts.isBindingElement(parent) && ts.isObjectBindingPattern(parent.parent) && (parent.propertyName === node || (!parent.propertyName && parent.name === node))) {
      return this.patternProperty(parent);
    }
    const symbol = checker.getSymbolAtLocation(node);
    if (!symbol) return [];
    return symbol.flags & ts.SymbolFlags.Alias ? [checker.getAliasedSymbol(symbol)] : [symbol];
  }

  /** The properties named `name` of the type an object literal is expected to have. */
  contextualProperties(literal: TS.ObjectLiteralExpression, name: string): TS.Symbol[] {
    const type = this.scope.checker.getContextualType(literal);
    return type ? this.constituents(type).flatMap((t) => t.getProperty(name) ?? []) : [];
  }

  /** Union members of a type, null and undefined dropped. */
  constituents(type: TS.Type): TS.Type[] {
    const t = this.scope.checker.getNonNullableType(type);
    return t.isUnion() ? t.types : [t];
  }

  private patternProperty(element: TS.BindingElement): TS.Symbol[] {
    const key = element.propertyName ?? element.name;
    if (!this.scope.ts.isIdentifier(key) && !this.scope.ts.isStringLiteral(key)) return [];
    return this.constituents(this.scope.checker.getTypeAtLocation(element.parent)).flatMap((t) => t.getProperty(key.text) ?? []);
  }

  /** Whether the value of `expr` comes from `targets`. */
  valueFrom(expr: TS.Expression, targets: ReadonlySet<TS.Node>, depth = 0): boolean {
    const { ts, checker } = this.scope;
    if (depth > DEPTH) return false;
    if (ts.isParenthesizedExpression(expr) || ts.isNonNullExpression(expr)) return this.valueFrom(expr.expression, targets, depth + 1);
    if (ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr)) return this.typeFrom(expr.type, targets, depth + 1) || this.valueFrom(expr.expression, targets, depth + 1);
    const name = ts.isPropertyAccessExpression(expr) ? expr.name : ts.isElementAccessExpression(expr) ? expr.argumentExpression : ts.isIdentifier(expr) ? expr : undefined;
    if (!name) return false;
    const symbol = checker.getSymbolAtLocation(name);
    return symbol !== undefined && this.declaredFrom(symbol, targets, depth + 1);
  }

  /** Whether a symbol is one of `targets`, or is declared with a type or a value that comes from them. */
  declaredFrom(symbol: TS.Symbol, targets: ReadonlySet<TS.Node>, depth: number): boolean {
    const { ts } = this.scope;
    if (depth > DEPTH) return false;
    for (const d of symbol.declarations ?? []) {
      if (targets.has(d)) return true;
      if ((ts.isPropertySignature(d) || ts.isPropertyDeclaration(d) || ts.isParameter(d) || ts.isVariableDeclaration(d)) && d.type) {
        if (this.typeFrom(d.type, targets, depth + 1)) return true;
      } else if (ts.isVariableDeclaration(d) && d.initializer) {
        if (this.valueFrom(d.initializer, targets, depth + 1)) return true;
      } else if (ts.isBindingElement(d) && ts.isObjectBindingPattern(d.parent)) {
        if (this.patternProperty(d).some((p) => this.declaredFrom(p, targets, depth + 1))) return true;
      }
    }
    return false;
  }

  /** Whether a type annotation names `targets` (or a type declared from them). */
  typeFrom(node: TS.TypeNode, targets: ReadonlySet<TS.Node>, depth = 0): boolean {
    const { ts, checker } = this.scope;
    if (depth > DEPTH) return false;
    if (ts.isParenthesizedTypeNode(node) || (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword)) return this.typeFrom(node.type, targets, depth + 1);
    if (ts.isUnionTypeNode(node) || ts.isIntersectionTypeNode(node)) return node.types.some((t) => this.typeFrom(t, targets, depth + 1));
    if (ts.isIndexedAccessTypeNode(node)) {
      const index = node.indexType;
      if (!ts.isLiteralTypeNode(index) || !ts.isStringLiteral(index.literal)) return false;
      const key = index.literal.text;
      return this.constituents(checker.getTypeFromTypeNode(node.objectType)).some((t) => {
        const p = checker.getApparentType(t).getProperty(key);
        return p !== undefined && this.declaredFrom(p, targets, depth + 1);
      });
    }
    if (ts.isTypeReferenceNode(node)) {
      const name = ts.isIdentifier(node.typeName) ? node.typeName.text : node.typeName.right.text;
      if (WRAPPERS.has(name) && node.typeArguments?.length === 1) return this.typeFrom(node.typeArguments[0]!, targets, depth + 1);
      let symbol = checker.getSymbolAtLocation(node.typeName);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      for (const d of symbol?.declarations ?? []) {
        if (targets.has(d)) return true;
        if (ts.isTypeAliasDeclaration(d) && this.typeFrom(d.type, targets, depth + 1)) return true;
      }
    }
    return false;
  }
}
