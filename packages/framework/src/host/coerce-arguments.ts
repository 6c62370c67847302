import { acceptedTypes } from "../json-schema/accepted-types.js";
import type { JsonSchema } from "../json-schema/json-schema.js";
import { HostError } from "../errors/host-error.js";

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
  const properties = inputSchema.properties as Record<string, JsonSchema> | undefined;
  const property = properties && Object.hasOwn(properties, key) ? properties[key] : undefined;
  const types = property === undefined ? undefined : acceptedTypes(property, inputSchema);
  if (types === undefined) return jsonOfKind(raw, () => true)?.value ?? raw;
  for (const [type, parse] of PARSERS) {
    const parsed = types.has(type) ? parse(raw) : undefined;
    if (parsed) return parsed.value;
  }
  if (types.has("string")) return raw;
  const expected = [...types].map((t) =>
    t === "integer" ? "a whole number" : t === "array" || t === "object" ? `a JSON ${t}` : `${t === "null" ? "" : "a "}${t}`,
  );
  throw new HostError("HOST_ARGUMENT_INVALID", `Argument "${key}" must be ${expected.join(" or ")}; got "${raw}".`);
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
