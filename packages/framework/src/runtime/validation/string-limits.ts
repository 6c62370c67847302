import { isJsonSchema, type JsonSchema } from "../../json-schema/json-schema.js";

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
export function findOverlongStrings(value: unknown, schema: JsonSchema | undefined, defaultMax: number): string[] {
  // Nearly every request holds no string or key near the limit: one walk that allocates nothing
  // says so, and only a request that has one is walked again to name each with its path.
  return hasLongerThan(value, defaultMax, 0) ? describeOverlong(value, schema, defaultMax, "", 0) : [];
}

// Whether any string or key within MAX_DEPTH is longer than `max`: a string no longer than
// `max` never gives describeOverlong a line, whatever its schema says.
function hasLongerThan(value: unknown, max: number, depth: number): boolean {
  if (typeof value === "string") return value.length > max;
  if (value === null || typeof value !== "object" || depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (hasLongerThan(item, max, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key) && (key.length > max || hasLongerThan((value as Record<string, unknown>)[key], max, depth + 1))) return true;
  }
  return false;
}

function describeOverlong(value: unknown, schema: JsonSchema | undefined, defaultMax: number, path: string, depth: number): string[] {
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
    value.forEach((item, i) => problems.push(...describeOverlong(item, prefix[i] ?? items, defaultMax, `${path}[${i}]`, depth + 1)));
    return problems;
  }
  const properties = isJsonSchema(schema?.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const additional = isJsonSchema(schema?.additionalProperties) ? schema.additionalProperties : undefined;
  for (const [key, item] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    if (key.length > defaultMax) problems.push(`${where.slice(0, 60)}...: a key of ${key.length} characters is longer than the ${defaultMax} accepted`);
    else problems.push(...describeOverlong(item, Object.hasOwn(properties, key) ? properties[key] : additional, defaultMax, where, depth + 1));
  }
  return problems;
}
