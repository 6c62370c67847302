/**
 * The one JSON Schema node type, shared by the build (which writes schemas), the runtime (which
 * serves and validates against them) and the host side (which rewrites them for model providers).
 */

/** A JSON Schema document or subschema: keywords to values. */
export type JsonSchema = { [keyword: string]: unknown };

/** Whether a value can be a schema node (booleans are schemas too, but have no keywords). */
export function isJsonSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
