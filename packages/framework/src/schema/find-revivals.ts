import ts from "typescript";
import type { Revival, RevivalStep } from "../tool-definition.js";
import { isDateType, isIntType, setElementType } from "./special-types.js";

/**
 * Where a value of `type` holds what JSON cannot carry (`Date`s, `Set`s), so the runtime can
 * rebuild them: inner values first, then their containers. Empty when there is nothing to revive.
 * A recursive type is followed once; values below its first repetition are left as JSON.
 */
export function findRevivals(type: ts.Type, checker: ts.TypeChecker): Revival[] {
  const found = new Map<string, Revival>();
  const add = (revival: Revival): void => {
    found.set(JSON.stringify(revival), revival);
  };
  const visiting = new Set<ts.Type>();

  const walk = (type: ts.Type, path: readonly RevivalStep[]): void => {
    if (type.isUnion()) {
      // In `Date | string`, a string may be meant as a string: only a lone Date is revived.
      const takesStrings = type.types.some((t) => t.flags & ts.TypeFlags.StringLike);
      for (const member of type.types) if (!(takesStrings && isDateType(member))) walk(member, path);
      return;
    }
    if (isDateType(type)) return add({ path, to: "date" });
    if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) || isIntType(type, checker) || visiting.has(type)) return;
    visiting.add(type);
    const element = setElementType(type, checker);
    if (element) {
      walk(element, [...path, null]);
      add({ path, to: "set" });
    } else if (checker.isTupleType(type)) {
      checker.getTypeArguments(type as ts.TypeReference).forEach((item, index) => walk(item, [...path, String(index)]));
    } else if (checker.isArrayType(type)) {
      const item = checker.getTypeArguments(type as ts.TypeReference)[0];
      if (item) walk(item, [...path, null]);
    } else {
      const properties = checker.getPropertiesOfType(type).filter((p) => !(p.flags & ts.SymbolFlags.Method));
      for (const property of properties) walk(checker.getNonNullableType(checker.getTypeOfSymbol(property)), [...path, property.getName()]);
      const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
      if (index && properties.length === 0) walk(index.type, [...path, null]);
    }
    visiting.delete(type);
  };

  walk(type, []);
  return [...found.values()];
}
