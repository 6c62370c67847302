import { acceptedTypes } from "../../json-schema/accepted-types.js";
import type { JsonSchema } from "../../json-schema/json-schema.js";

type Kind = "object" | "array";

/**
 * The top-level arguments of `schema` that take only objects or arrays, with the kinds they take.
 * Several hosts send such an argument as a JSON string (`"{\"a\":1}"`); these are the ones
 * `parseJsonArguments` may repair. An argument that also takes a string is never listed, so no
 * string a tool could want is ever reinterpreted.
 */
export function toJsonArgumentKinds(schema: JsonSchema): ReadonlyMap<string, ReadonlySet<Kind>> {
  const kinds = new Map<string, ReadonlySet<Kind>>();
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    const accepted = acceptedTypes(property, schema);
    if (!accepted || accepted.has("string")) continue;
    const structured = new Set([...accepted].filter((t): t is Kind => t === "object" || t === "array"));
    if (structured.size) kinds.set(name, structured);
  }
  return kinds;
}

/**
 * Replaces, in place, each listed argument that arrived as a JSON string holding a value of a
 * kind it takes by that value. Anything else stays as sent, for validation to report.
 */
export function parseJsonArguments(args: Record<string, unknown>, kinds: ReadonlyMap<string, ReadonlySet<Kind>>): void {
  for (const [name, accepted] of kinds) {
    const value = args[name];
    if (typeof value !== "string") continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      continue;
    }
    const kind = Array.isArray(parsed) ? "array" : parsed !== null && typeof parsed === "object" ? "object" : undefined;
    if (kind && accepted.has(kind)) args[name] = parsed;
  }
}
