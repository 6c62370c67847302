/** A JSON Schema node as the host-side adapters rebuild it. */
export type SchemaNode = { [keyword: string]: unknown };

// Keywords whose value is one subschema, an array of them, or a map of name → subschema.
// Everything else (enum, const, default, examples, required…) is data and is copied untouched,
// so a property named "format" or a default of {"$ref": …} is never mistaken for schema.
const ONE = ["additionalProperties", "items", "additionalItems", "contains", "not", "if", "then", "else", "propertyNames", "unevaluatedItems", "unevaluatedProperties"];
const MANY = ["anyOf", "oneOf", "allOf", "prefixItems", "items"];
const MAP = ["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"];

/** Whether a value can be a schema node (booleans are schemas too, but have no keywords). */
export function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A copy of `node` with each direct subschema replaced by `map(subschema, keyword)`; data
 * keywords are copied as they are. Boolean subschemas (`additionalProperties: false`) are kept.
 */
export function mapSubschemas(node: SchemaNode, map: (sub: SchemaNode, keyword: string) => unknown): SchemaNode {
  const out: SchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (ONE.includes(keyword) && isSchemaNode(value)) out[keyword] = map(value, keyword);
    else if (MANY.includes(keyword) && Array.isArray(value)) out[keyword] = value.map((v) => (isSchemaNode(v) ? map(v, keyword) : v));
    else if (MAP.includes(keyword) && isSchemaNode(value)) {
      out[keyword] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSchemaNode(v) ? map(v, keyword) : v]));
    } else out[keyword] = value;
  }
  return out;
}
