import { isJsonSchema, type JsonSchema } from "../json-schema/json-schema.js";

/**
 * The longest string, in characters, a request may carry where its schema sets no `maxLength`
 * of its own: tool arguments, prompt arguments, resource URIs, completion values. Big enough
 * for any name, query or paragraph; small enough that no method is handed megabytes to work on.
 * Raise it for one parameter with JSDoc `@maxLength`, or for a whole server with
 * `serve(..., { limits: { maxStringLength } })`.
 */
export const DEFAULT_MAX_STRING_LENGTH = 100_000;

/** Limits a server applies to what a request carries. */
export interface InputLimits {
  /** Longest string accepted where the schema sets no `maxLength`. Default 100,000 characters. */
  maxStringLength?: number;
}

/** How deep `findOverlongStrings` looks; the body cap and JSON parser bound the rest. */
const MAX_DEPTH = 64;

/**
 * One line per string in `value` longer than allowed: the schema's `maxLength` where it sets one
 * (ajv reports those), `defaultMax` elsewhere. Runs before schema validation and the method,
 * so an oversized argument costs one length check, not a regex or a fuzzy search.
 */
export function findOverlongStrings(value: unknown, schema: JsonSchema | undefined, defaultMax: number, path = "", depth = 0): string[] {
  if (typeof value === "string") {
    const declared = typeof schema?.maxLength === "number" ? schema.maxLength : undefined;
    if (declared !== undefined || value.length <= defaultMax) return [];
    return [`${path || "arguments"}: a string of ${value.length} characters is longer than the ${defaultMax} accepted`];
  }
  if (value === null || typeof value !== "object" || depth >= MAX_DEPTH) return [];
  const problems: string[] = [];
  if (Array.isArray(value)) {
    const prefix = Array.isArray(schema?.prefixItems) ? (schema.prefixItems as JsonSchema[]) : [];
    const items = isJsonSchema(schema?.items) ? schema.items : undefined;
    value.forEach((item, i) => problems.push(...findOverlongStrings(item, prefix[i] ?? items, defaultMax, `${path}[${i}]`, depth + 1)));
    return problems;
  }
  const properties = isJsonSchema(schema?.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const additional = isJsonSchema(schema?.additionalProperties) ? schema.additionalProperties : undefined;
  for (const [key, item] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    if (key.length > defaultMax) problems.push(`${where.slice(0, 60)}...: a key of ${key.length} characters is longer than the ${defaultMax} accepted`);
    else problems.push(...findOverlongStrings(item, Object.hasOwn(properties, key) ? properties[key] : additional, defaultMax, where, depth + 1));
  }
  return problems;
}
