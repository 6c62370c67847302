import ts from "typescript";

/**
 * Why a type cannot cross the wire as JSON, or undefined when it can. Only the top level is
 * checked here; typescript-json-schema rejects what it cannot express deeper down.
 */
export function whyUnsupported(type: ts.Type, checker: ts.TypeChecker): string | undefined {
  const flags = type.flags;
  if (flags & ts.TypeFlags.Any) return "its type is `any`, which says nothing a model can follow; give it a type (use `unknown` for any JSON value)";
  if (flags & ts.TypeFlags.BigIntLike) return "`bigint` has no JSON form; use `number` or a numeric `string`";
  if (flags & ts.TypeFlags.ESSymbolLike) return "a `symbol` cannot be sent as JSON";
  if (flags & (ts.TypeFlags.Void | ts.TypeFlags.Never)) return `\`${checker.typeToString(type)}\` cannot be an argument`;
  if (type.isUnion()) {
    for (const member of type.types) {
      const why = whyUnsupported(member, checker);
      if (why) return why;
    }
    return undefined;
  }
  if (type.getCallSignatures().length > 0) return "a function cannot be sent as JSON";
  return undefined;
}
