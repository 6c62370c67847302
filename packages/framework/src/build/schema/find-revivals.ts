import ts from "./typescript.cjs";
import type { Revival, RevivalStep } from "../../definitions/tool-definition.js";
import { brandedPrimitive, bytesKind, isDateType, isIntType, isUrlType, mapTypes, setElementType, takesAnyString } from "./special-types.js";

/** Where a value holds what JSON cannot carry, and the named lists its recursive types use. */
export interface Revivals {
  /** Applied in order to the value: inner values first, then their containers. */
  readonly steps: Revival[];
  /** For each recursive type that holds something to revive, its own steps (`ref` ones included). */
  readonly defs: Record<string, Revival[]>;
}

/**
 * Where a value of `type` holds what JSON cannot carry (`Date`s, `Set`s, `Map`s, bytes, `URL`s), so the
 * runtime can rebuild them. Where a type recurs (a tree), a `ref` step names a list in `defs`
 * that the runtime applies again at that depth, so revival reaches every level.
 */
export function findRevivals(type: ts.Type, checker: ts.TypeChecker): Revivals {
  const names = new Map<ts.Type, string>();
  const defs = new Map<ts.Type, Revival[]>();
  const pending: ts.Type[] = [];

  const refTo = (type: ts.Type): string => {
    let name = names.get(type);
    if (name === undefined) {
      const base =
        checker
          .typeToString(type)
          .replace(/[^A-Za-z0-9_]+/g, "_")
          .replace(/^_+|_+$/g, "") || "Type";
      name = base;
      for (let i = 2; [...names.values()].includes(name); i++) name = `${base}_${i}`;
      names.set(type, name);
      pending.push(type);
    }
    return name;
  };

  const collect = (root: ts.Type): Revival[] => {
    const found = new Map<string, Revival>();
    const add = (revival: Revival) => void found.set(JSON.stringify(revival), revival);
    const visiting = new Set<ts.Type>();
    const walk = (type: ts.Type, path: readonly RevivalStep[]): void => {
      if (type.isUnion()) {
        // In `Date | string` any text may be meant as text: nothing is revived. Beside literals
        // or templates (`Date | "never"`), text is revived only when it is a date-time (a URI).
        const anyString = type.types.some(takesAnyString);
        const someStrings = type.types.some((t) => t.flags & ts.TypeFlags.StringLike);
        for (const member of type.types) {
          const to = isDateType(member) ? "date" : isUrlType(member) ? "url" : undefined;
          if (!to || !someStrings) walk(member, path);
          else if (!anyString) add({ path, to, only: to === "date" ? "date-time" : "uri" });
        }
        return;
      }
      if (isDateType(type)) return add({ path, to: "date" });
      if (isUrlType(type)) return add({ path, to: "url" });
      const bytes = bytesKind(type);
      if (bytes) return add({ path, to: bytes });
      if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) || isIntType(type, checker) || brandedPrimitive(type)) return;
      // A type met again inside itself recurs: from there on, its own list applies.
      if (visiting.has(type)) return add({ path, to: "ref", ref: refTo(type) });
      visiting.add(type);
      const element = setElementType(type, checker);
      const map = mapTypes(type, checker);
      if (element) {
        walk(element, [...path, null]);
        add({ path, to: "set" });
      } else if (map) {
        walk(map.value, [...path, null]);
        add({ path, to: "map" });
      } else if (checker.isTupleType(type)) {
        checker.getTypeArguments(type as ts.TypeReference).forEach((item, index) => walk(item, [...path, String(index)]));
      } else if (checker.isArrayType(type)) {
        const item = checker.getTypeArguments(type as ts.TypeReference)[0];
        if (item) walk(item, [...path, null]);
      } else {
        const properties = checker.getPropertiesOfType(type).filter((p) => !(p.flags & ts.SymbolFlags.Method));
        for (const property of properties) walk(checker.getNonNullableType(checker.getTypeOfSymbol(property)), [...path, property.getName()]);
        // `{ [k: string]: T }` and template-literal keys alike (`{ [k: \`at-${string}\`]: Date }`).
        const indexes = checker.getIndexInfosOfType(type);
        if (indexes.length === 1 && properties.length === 0) walk(indexes[0]!.type, [...path, null]);
      }
      visiting.delete(type);
    };
    walk(root, []);
    return [...found.values()];
  };

  const steps = collect(type);
  while (pending.length) {
    const next = pending.shift()!;
    defs.set(next, collect(next));
  }
  return prune(steps, new Map([...defs].map(([type, list]) => [names.get(type)!, list])));
}

// A recursive type with nothing to revive in it needs no list, and a `ref` to it no step.
function prune(steps: Revival[], defs: Map<string, Revival[]>): Revivals {
  const useful = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, list] of defs) {
      if (!useful.has(name) && list.some((r) => r.to !== "ref" || useful.has(r.ref!))) {
        useful.add(name);
        changed = true;
      }
    }
  }
  const keep = (list: Revival[]) => list.filter((r) => r.to !== "ref" || useful.has(r.ref!));
  return { steps: keep(steps), defs: Object.fromEntries([...defs].filter(([name]) => useful.has(name)).map(([name, list]) => [name, keep(list)])) };
}
