import type { JsonSchema } from "../../json-schema/json-schema.js";
import { flattenNullable, splitTypeUnion } from "./nullable.js";
import { mapSubschemas } from "../../json-schema/map-subschemas.js";

/**
 * Brings typescript-json-schema's draft-07 output to the 2020-12 dialect MCP clients read, in the
 * flattest form that says the same: `definitions` → `$defs`, tuple `items: [...]` →
 * `prefixItems`, `T | null` as `type: [T, "null"]`, discriminated unions as `oneOf`; no
 * `$schema`, and no "- " that TSDoc puts before `@param` text.
 */
export function normalizeSchema(schema: JsonSchema): JsonSchema {
  return normalizeNode(schema);
}

function normalizeNode(node: JsonSchema): JsonSchema {
  // Members are normalized first, so a union sees its members' final form.
  const inner = mapSubschemas(toDialect(node), normalizeNode);
  return markDisjoint(integerEnum(splitTypeUnion(flattenNullable(requiredInOrder(inner)))));
}

// `required` in the order the properties are declared, at every depth: the generator sorts a
// nested object's alphabetically while the parameters keep theirs, and a reader (or a model)
// expects the two lists in one order.
function requiredInOrder(node: JsonSchema): JsonSchema {
  const { required, properties } = node;
  if (!Array.isArray(required) || required.length < 2 || typeof properties !== "object" || properties === null) return node;
  const order = Object.keys(properties);
  const rank = (name: unknown) => {
    const at = order.indexOf(name as string);
    return at === -1 ? order.length : at;
  };
  return { ...node, required: [...required].sort((a, b) => rank(a) - rank(b)) };
}

// An enum (or constant) of whole numbers only, a numeric `enum` of integers, is an `integer`.
function integerEnum(node: JsonSchema): JsonSchema {
  const values = Array.isArray(node.enum) ? node.enum : node.const !== undefined ? [node.const] : undefined;
  if (!values) return node;
  const numbers = values.filter((v) => v !== null);
  if (!numbers.length || !numbers.every((v) => Number.isInteger(v))) return node;
  if (node.type === "number") return { ...node, type: "integer" };
  if (Array.isArray(node.type) && node.type.includes("number")) return { ...node, type: node.type.map((t) => (t === "number" ? "integer" : t)) };
  return node;
}

// Renames draft-07 keywords before the walk, so it finds the subschemas under their 2020-12 names.
function toDialect(node: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema") continue;
    if (key === "definitions") out.$defs = value;
    else if (key === "items" && Array.isArray(value)) out.prefixItems = value;
    else if (key === "$ref" && typeof value === "string") out.$ref = value.replace("#/definitions/", "#/$defs/");
    else if (key === "description" && typeof value === "string") out.description = value.replace(/^-\s+/, "");
    else out[key] = value;
  }
  return out;
}

/**
 * An `anyOf` of object schemas no value can match two of is written as `oneOf`, which tells a
 * reader (and a model) to pick exactly one shape: a discriminated union, whose members each fix
 * one shared required property to a different constant (`kind: "circle"`, `kind: "square"`), or
 * closed objects that each require a property the others do not allow.
 */
function markDisjoint(node: JsonSchema): JsonSchema {
  const members = node.anyOf as JsonSchema[] | undefined;
  if (!members) return node;
  const objects = members.filter((m) => m.type !== "null");
  if (objects.length < 2 || !objects.every((m) => m.type === "object" && m.properties)) return node;
  const discriminant = Object.keys(objects[0]!.properties as JsonSchema).find((name) => {
    const values = objects.map((m) => constantOf(m, name));
    return values.every((v) => v !== undefined) && new Set(values.map((v) => JSON.stringify(v))).size === values.length;
  });
  const disjoint = discriminant !== undefined || objects.every((a, i) => objects.every((b, j) => i === j || excludes(a, b)));
  if (!disjoint) return node;
  const { anyOf, ...rest } = node;
  return { ...rest, oneOf: anyOf };
}

// Whether no value matches both `a` and `b`: one requires a property the other, closed, does not allow.
function excludes(a: JsonSchema, b: JsonSchema): boolean {
  const requires = (x: JsonSchema, y: JsonSchema) =>
    y.additionalProperties === false && ((x.required as string[] | undefined) ?? []).some((name) => !(name in (y.properties as JsonSchema)));
  return requires(a, b) || requires(b, a);
}

function constantOf(member: JsonSchema, name: string): unknown {
  if (!(member.required as string[] | undefined)?.includes(name)) return undefined;
  const property = (member.properties as Record<string, JsonSchema>)[name];
  if (!property) return undefined;
  if (property.const !== undefined) return property.const;
  return Array.isArray(property.enum) && property.enum.length === 1 ? property.enum[0] : undefined;
}
