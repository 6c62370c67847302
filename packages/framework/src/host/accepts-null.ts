import { isSchemaNode, type SchemaNode } from "./map-subschemas.js";

/** Whether a schema lets `null` through: by type, enum, const, a branch that does, or no type at all. */
export function acceptsNull(schema: SchemaNode): boolean {
  const type = schema.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  if ("const" in schema) return schema.const === null;
  const branches = [schema.anyOf, schema.oneOf].flat().filter(isSchemaNode);
  if (branches.length) return branches.some(acceptsNull);
  return type === undefined;
}
