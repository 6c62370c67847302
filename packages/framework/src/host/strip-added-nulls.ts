import { acceptsNull } from "./accepts-null.js";
import { isJsonSchema, type JsonSchema } from "../json-schema/json-schema.js";

/**
 * Removes the nulls a model sent for optional properties that strict mode made nullable, so the
 * server sees the property left out, as its own schema expects. `schema` is the tool's schema
 * before the strict rewrite; a null the original schema accepts is a real value and stays.
 */
export function stripAddedNulls(value: unknown, schema: JsonSchema): unknown {
  if (Array.isArray(value)) return isJsonSchema(schema.items) ? value.map((item) => stripAddedNulls(item, schema.items as JsonSchema)) : value;
  if (typeof value !== "object" || value === null || !isJsonSchema(schema.properties)) return value;
  const properties = schema.properties;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const property = Object.hasOwn(properties, key) && isJsonSchema(properties[key]) ? (properties[key] as JsonSchema) : undefined;
    if (item === null && property && !required.has(key) && !acceptsNull(property)) continue;
    out[key] = property ? stripAddedNulls(item, property) : item;
  }
  return out;
}
