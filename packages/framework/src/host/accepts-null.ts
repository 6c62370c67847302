import { isJsonSchema, type JsonSchema } from "../json-schema/json-schema.js";

/** Whether a schema lets `null` through: by type, enum, const, a branch that does, or no type at all. */
export function acceptsNull(schema: JsonSchema): boolean {
  const type = schema.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  if ("const" in schema) return schema.const === null;
  const branches = [schema.anyOf, schema.oneOf].flat().filter(isJsonSchema);
  if (branches.length) return branches.some(acceptsNull);
  return type === undefined;
}
