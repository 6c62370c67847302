import type { JsonSchema } from "../tool-definition.js";

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
    const accepted = acceptedTypes(property, schema, new Set());
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

// The JSON types a schema can accept, or undefined when it does not say (then it takes anything).
function acceptedTypes(schema: JsonSchema, root: JsonSchema, seen: Set<string>): Set<string> | undefined {
  if (typeof schema.$ref === "string") {
    if (seen.has(schema.$ref)) return new Set();
    seen.add(schema.$ref);
    const name = schema.$ref.replace(/^#\/\$defs\//, "");
    const target = (root.$defs as Record<string, JsonSchema> | undefined)?.[name];
    return target ? acceptedTypes(target, root, seen) : undefined;
  }
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) {
    const all = new Set<string>();
    for (const member of union) {
      const types = acceptedTypes(member, root, seen);
      if (!types) return undefined;
      types.forEach((t) => all.add(t));
    }
    return all;
  }
  if (typeof schema.type === "string") return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type as string[]);
  return undefined;
}
