import ts from "typescript";

/**
 * The JSON value of a literal initializer (`5`, `-1`, `"c"`, `true`, `null`, `[1, 2]`,
 * `{ a: 1 }`), or undefined when the initializer is computed at run time.
 */
export function evaluateLiteral(node: ts.Expression): unknown {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    return evaluateLiteral(node.expression);
  }
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const value = evaluateLiteral(node.operand);
    return typeof value === "number" ? -value : undefined;
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(node)) {
    const values = node.elements.map((element) => evaluateLiteral(element));
    return values.every((value) => value !== undefined) ? values : undefined;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const out: Record<string, unknown> = {};
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) return undefined;
      const value = evaluateLiteral(property.initializer);
      if (value === undefined) return undefined;
      out[property.name.text] = value;
    }
    return out;
  }
  return undefined;
}
