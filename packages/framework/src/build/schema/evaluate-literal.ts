import ts from "./typescript.cjs";

/**
 * The JSON value of a literal initializer (`5`, `-1`, `"c"`, `true`, `null`, `[1, 2]`,
 * `{ a: 1 }`), or undefined when the initializer is computed at run time. Given the checker,
 * also an enum member (`Unit.Km`) or a named constant (`DEFAULT_LIMIT`, `LIMITS.page`) whose
 * value the type system knows, or that is a `const` with a literal initializer.
 */
export function evaluateLiteral(node: ts.Expression, checker?: ts.TypeChecker, seen = new Set<ts.Node>()): unknown {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    return evaluateLiteral(node.expression, checker, seen);
  }
  if (checker && (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node))) {
    return evaluateNamed(node, checker, seen);
  }
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const value = evaluateLiteral(node.operand, checker, seen);
    return typeof value === "number" ? -value : undefined;
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(node)) {
    const values = node.elements.map((element) => evaluateLiteral(element, checker, seen));
    return values.every((value) => value !== undefined) ? values : undefined;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const out: Record<string, unknown> = {};
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) return undefined;
      const value = evaluateLiteral(property.initializer, checker, seen);
      if (value === undefined) return undefined;
      out[property.name.text] = value;
    }
    return out;
  }
  return undefined;
}

// A name whose type is one literal (`const LIMIT = 10`, an enum member) has that value; a name
// bound by `const` to a literal array or object has the value of its initializer.
function evaluateNamed(node: ts.Identifier | ts.PropertyAccessExpression | ts.ElementAccessExpression, checker: ts.TypeChecker, seen: Set<ts.Node>): unknown {
  if (ts.isIdentifier(node) && node.text === "undefined") return undefined;
  const type = checker.getTypeAtLocation(node);
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
  if (type.flags & ts.TypeFlags.BooleanLiteral) return (type as { intrinsicName?: string }).intrinsicName === "true";
  if (type.flags & ts.TypeFlags.Null) return null;
  let symbol = checker.getSymbolAtLocation(
    ts.isElementAccessExpression(node) ? node.argumentExpression : ts.isPropertyAccessExpression(node) ? node.name : node,
  );
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  if (!declaration || seen.has(declaration)) return undefined;
  seen.add(declaration);
  if (ts.isVariableDeclaration(declaration) && declaration.initializer && ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) {
    return evaluateLiteral(declaration.initializer, checker, seen);
  }
  if (ts.isPropertyAssignment(declaration) && isConstObjectMember(declaration)) return evaluateLiteral(declaration.initializer, checker, seen);
  return undefined;
}

// A property of an object literal that a `const` holds, `as const` or not: `const LIMITS = { page: 20 }`.
function isConstObjectMember(property: ts.PropertyAssignment): boolean {
  let at: ts.Node = property.parent;
  while (
    ts.isObjectLiteralExpression(at) ||
    ts.isPropertyAssignment(at) ||
    ts.isAsExpression(at) ||
    ts.isSatisfiesExpression(at) ||
    ts.isParenthesizedExpression(at)
  )
    at = at.parent;
  return ts.isVariableDeclaration(at) && (ts.getCombinedNodeFlags(at) & ts.NodeFlags.Const) !== 0;
}
