import type { JsonSchema } from "../../json-schema/json-schema.js";
import { resolveRef } from "../../json-schema/resolve-ref.js";

/**
 * What a schema accepts, in a few words a model can act on ("string or null", "array of
 * integer", `one of "asc", "desc"`), or undefined when it says nothing simple. `root` resolves
 * `$ref`s into its `$defs`.
 */
export function describeSchema(schema: JsonSchema | undefined, root: JsonSchema, seen = new Set<JsonSchema>()): string | undefined {
  if (!schema || seen.has(schema)) return undefined;
  seen.add(schema);
  if (typeof schema.$ref === "string") return describeSchema(resolveRef(schema.$ref, root), root, seen);
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) {
    const parts = union.map((member) => describeSchema(member, root, seen));
    return parts.every((p) => p !== undefined) ? [...new Set(parts)].join(" or ") : undefined;
  }
  const type = schema.type;
  if (Array.isArray(type)) return type.map((t) => describeType(String(t), schema, root, seen)).join(" or ");
  return typeof type === "string" ? describeType(type, schema, root, seen) : undefined;
}

function describeType(type: string, schema: JsonSchema, root: JsonSchema, seen: Set<JsonSchema>): string {
  if (type === "array" && schema.items && typeof schema.items === "object") {
    const item = describeSchema(schema.items as JsonSchema, root, seen);
    return item ? `array of ${item}` : "array";
  }
  return type === "string" && schema.format ? `${type} (${String(schema.format)})` : type;
}

/** A value as an error message quotes it: its kind, and short JSON for a primitive. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
}
