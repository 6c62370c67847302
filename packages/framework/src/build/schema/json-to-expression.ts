import ts from "./typescript.cjs";

/** Builds the JavaScript expression for a JSON value, to write a definition into emitted code. */
export function jsonToExpression(value: unknown): ts.Expression {
  const f = ts.factory;
  if (value === null) return f.createNull();
  if (value === true) return f.createTrue();
  if (value === false) return f.createFalse();
  if (typeof value === "string") return f.createStringLiteral(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`${value} has no JSON form`);
    return value < 0 || Object.is(value, -0)
      ? f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, f.createNumericLiteral(-value))
      : f.createNumericLiteral(value);
  }
  if (Array.isArray(value)) return f.createArrayLiteralExpression(value.map(jsonToExpression), false);
  if (typeof value === "object") {
    return f.createObjectLiteralExpression(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => f.createPropertyAssignment(f.createStringLiteral(k), jsonToExpression(v))),
      false,
    );
  }
  throw new TypeError(`${typeof value} has no JSON form`);
}
