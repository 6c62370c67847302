import type ts from "typescript";

/** The name of a type declared in TypeScript's standard library (`Date`, `Set`), else undefined. */
export function libraryName(type: ts.Type): string | undefined {
  const symbol = type.getSymbol();
  const declaration = symbol?.declarations?.[0];
  return declaration?.getSourceFile().hasNoDefaultLib ? symbol!.getName() : undefined;
}
