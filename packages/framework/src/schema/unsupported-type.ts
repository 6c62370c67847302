import ts from "typescript";

/**
 * Why a parameter or return type cannot cross the wire as JSON, or undefined when it can.
 * `any` and `unknown` can (as any JSON value); the build warns about them elsewhere.
 */
export function whyUnsupported(type: ts.Type, checker: ts.TypeChecker): string | undefined {
  if (type.flags & (ts.TypeFlags.Void | ts.TypeFlags.Never)) return `\`${checker.typeToString(type)}\` cannot be an argument`;
  if (type.isUnion()) {
    for (const member of type.types) {
      const why = whyUnsupported(member, checker);
      if (why) return why;
    }
    return undefined;
  }
  return whyNoJsonForm(type);
}

/** Why a value of `type`, at any depth of an argument or result, has no JSON form. */
export function whyNoJsonForm(type: ts.Type): string | undefined {
  const flags = type.flags;
  if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return undefined;
  if (flags & ts.TypeFlags.BigIntLike) return "`bigint` has no JSON form; use `number` or a numeric `string`";
  if (flags & ts.TypeFlags.ESSymbolLike) return "a `symbol` cannot be sent as JSON";
  if (type.isUnion()) return type.types.map(whyNoJsonForm).find((why) => why !== undefined);
  const name = libraryName(type);
  if (name === "Map" || name === "ReadonlyMap" || name === "WeakMap") return `a \`${name}\` has no JSON form; use \`Record<string, T>\``;
  if (name === "Promise") return "a `Promise` cannot be sent as JSON; await it";
  if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) return "a function cannot be sent as JSON";
  return undefined;
}

/** The name of a type declared in TypeScript's standard library (`Date`, `Set`), else undefined. */
export function libraryName(type: ts.Type): string | undefined {
  const symbol = type.getSymbol();
  const declaration = symbol?.declarations?.[0];
  return declaration?.getSourceFile().hasNoDefaultLib ? symbol!.getName() : undefined;
}
