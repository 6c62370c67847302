import type { JsonSchema } from "../../json-schema/json-schema.js";

const COMBINATORS = ["$ref", "anyOf", "oneOf", "allOf"];

/**
 * Folds `anyOf: [T, { type: "null" }]` into T with `type: [T, "null"]` (and `null` added to its
 * `enum`), and puts `"null"` last in a type list. Clients that read `type` alone, as many do,
 * then see the real type of a nullable value instead of an `anyOf` they cannot render.
 */
export function flattenNullable(node: JsonSchema): JsonSchema {
  if (Array.isArray(node.type)) {
    const types = [...new Set(node.type as string[])];
    const ordered = [...types.filter((t) => t !== "null"), ...types.filter((t) => t === "null")];
    return { ...node, type: ordered.length === 1 ? ordered[0] : ordered };
  }
  const members = node.anyOf as JsonSchema[] | undefined;
  if (!members) return node;
  const nulls = members.filter(isNullSchema);
  if (!nulls.length) return node;
  const others = members.filter((m) => !isNullSchema(m));
  const { anyOf, ...outer } = node;
  if (others.length === 1 && canTakeNull(others[0]!)) return { ...toNullable(others[0]!), ...outer };
  return { ...outer, anyOf: [...others, { type: "null" }] };
}

/**
 * Strict validators accept a list in `type` only for `[T, "null"]`; any other union of JSON types
 * (`string | number`) becomes an `anyOf` of one type each, keeping the other keywords outside.
 */
export function splitTypeUnion(node: JsonSchema): JsonSchema {
  const types = node.type;
  if (!Array.isArray(types)) return node;
  const real = types.filter((t) => t !== "null");
  if (real.length < 2) return node;
  const { type, ...rest } = node;
  return { ...rest, anyOf: (types as string[]).map((t) => ({ type: t })) };
}

/** `schema`, also accepting `null`, in the flattest form that says so. */
export function toNullable(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  if (Object.keys(schema).length === 0 || isNullSchema(schema)) return schema;
  if (Array.isArray(type)) return type.includes("null") ? schema : splitTypeUnion({ ...schema, type: [...type, "null"] });
  if (typeof type === "string" && canTakeNull(schema)) {
    const nullable: JsonSchema = { ...schema, type: [type, "null"] };
    if (Array.isArray(schema.enum)) nullable.enum = schema.enum.includes(null) ? schema.enum : [...schema.enum, null];
    if (schema.const !== undefined) {
      delete nullable.const;
      nullable.enum = [schema.const, null];
    }
    return nullable;
  }
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  const key = schema.anyOf ? "anyOf" : "oneOf";
  if (union && !schema.$ref) return union.some(isNullSchema) ? schema : { ...schema, [key]: [...union, { type: "null" }] };
  return { anyOf: [schema, { type: "null" }] };
}

function canTakeNull(schema: JsonSchema): boolean {
  if (COMBINATORS.some((k) => k in schema)) return false;
  return typeof schema.type === "string" || (Array.isArray(schema.type) && schema.type.includes("null"));
}

function isNullSchema(schema: JsonSchema): boolean {
  return schema.type === "null" && Object.keys(schema).length === 1;
}
