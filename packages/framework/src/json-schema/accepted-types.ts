import type { JsonSchema } from "./json-schema.js";
import { resolveRef } from "./resolve-ref.js";

/**
 * Every JSON type (`"string"`, `"integer"`, `"object"`…) a value of `schema` may have, from its
 * `type`, `enum`/`const` values and `anyOf`/`oneOf` branches, following `$ref`s into `root`; or
 * undefined when the schema does not say (then it takes anything).
 */
export function acceptedTypes(schema: JsonSchema, root: JsonSchema, seen: ReadonlySet<string> = new Set()): Set<string> | undefined {
  if (typeof schema.$ref === "string") {
    // A reference that leads back to itself through unions alone says nothing about types.
    if (seen.has(schema.$ref)) return undefined;
    const target = resolveRef(schema.$ref, root);
    return target === undefined ? undefined : acceptedTypes(target, root, new Set([...seen, schema.$ref]));
  }
  const types = new Set<string>();
  for (const type of [schema.type].flat()) if (typeof type === "string") types.add(type);
  for (const value of [...(Array.isArray(schema.enum) ? schema.enum : []), ...("const" in schema ? [schema.const] : [])]) {
    types.add(value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? "number" : typeof value);
  }
  for (const branch of [schema.anyOf, schema.oneOf].flat()) {
    if (typeof branch !== "object" || branch === null) continue;
    const inner = acceptedTypes(branch as JsonSchema, root, seen);
    if (inner === undefined) return undefined;
    for (const type of inner) types.add(type);
  }
  return types.size ? types : undefined;
}
