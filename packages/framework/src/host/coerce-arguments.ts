import type { JsonSchema } from "../tool-definition.js";
import { HostError } from "./host-error.js";
import { resolvePointer } from "./inline-refs.js";
import type { SchemaNode } from "./map-subschemas.js";

type Schema = { readonly [keyword: string]: unknown };

// Tried in this order, so "5" is an integer where both integer and number are allowed.
const PARSERS: ReadonlyArray<[type: string, parse: (raw: string) => { value: unknown } | undefined]> = [
  ["integer", (raw) => (isNumeric(raw) && Number.isInteger(Number(raw)) ? { value: Number(raw) } : undefined)],
  ["number", (raw) => (isNumeric(raw) ? { value: Number(raw) } : undefined)],
  ["boolean", (raw) => (raw === "true" ? { value: true } : raw === "false" ? { value: false } : undefined)],
  ["null", (raw) => (raw === "null" ? { value: null } : undefined)],
  ["array", (raw) => jsonOfKind(raw, (v) => Array.isArray(v))],
  ["object", (raw) => jsonOfKind(raw, (v) => typeof v === "object" && v !== null && !Array.isArray(v))],
];

/**
 * Turns `key=value` pairs (from `--arg`) into a tool's arguments, typed by its input schema: a
 * property of type number, integer, boolean, null, array or object is parsed (arrays and objects
 * as JSON); a string stays as typed. Where a schema allows several types, the first that parses
 * wins and string is the fallback. A property the schema does not describe is parsed as JSON if
 * it is JSON, else kept as a string; the server then judges it. Throws a HostError naming the
 * argument when a value cannot have the type its schema asks for.
 */
export function coerceArguments(pairs: readonly string[], inputSchema: JsonSchema): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new HostError("HOST_USAGE", `--arg "${pair}" needs the form name=value.`);
    const key = pair.slice(0, eq);
    if (Object.hasOwn(result, key)) throw new HostError("HOST_USAGE", `--arg "${key}" is given twice.`);
    result[key] = coerceArgument(key, pair.slice(eq + 1), inputSchema);
  }
  return result;
}

/** One `--arg` value, typed by the schema of property `key`; see `coerceArguments`. */
export function coerceArgument(key: string, raw: string, inputSchema: JsonSchema): unknown {
  const properties = inputSchema.properties as Record<string, Schema> | undefined;
  const property = properties && Object.hasOwn(properties, key) ? properties[key] : undefined;
  const types = property === undefined ? undefined : typesOf(property, inputSchema, 0);
  if (types === undefined) return jsonOfKind(raw, () => true)?.value ?? raw;
  for (const [type, parse] of PARSERS) {
    const parsed = types.has(type) ? parse(raw) : undefined;
    if (parsed) return parsed.value;
  }
  if (types.has("string")) return raw;
  const expected = [...types].map((t) => (t === "integer" ? "a whole number" : t === "array" || t === "object" ? `a JSON ${t}` : `${t === "null" ? "" : "a "}${t}`));
  throw new HostError("HOST_ARGUMENT_INVALID", `Argument "${key}" must be ${expected.join(" or ")}; got "${raw}".`);
}

// Every JSON type a value of this schema may have, or undefined when the schema does not say.
function typesOf(schema: Schema, root: Schema, depth: number): Set<string> | undefined {
  if (depth > 20) return undefined;
  if (typeof schema.$ref === "string") {
    const target = resolvePointer(root as SchemaNode, schema.$ref);
    return target === undefined ? undefined : typesOf(target, root, depth + 1);
  }
  const types = new Set<string>();
  for (const type of [schema.type].flat()) if (typeof type === "string") types.add(type);
  for (const value of [...(Array.isArray(schema.enum) ? schema.enum : []), ...("const" in schema ? [schema.const] : [])]) {
    types.add(value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? "number" : typeof value);
  }
  for (const branch of [schema.anyOf, schema.oneOf].flat()) {
    if (typeof branch !== "object" || branch === null) continue;
    const inner = typesOf(branch as Schema, root, depth + 1);
    if (inner === undefined) return undefined;
    for (const type of inner) types.add(type);
  }
  return types.size ? types : undefined;
}

function isNumeric(raw: string): boolean {
  return /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(raw) && Number.isFinite(Number(raw));
}

function jsonOfKind(raw: string, ok: (value: unknown) => boolean): { value: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return ok(value) ? { value } : undefined;
  } catch {
    return undefined;
  }
}
