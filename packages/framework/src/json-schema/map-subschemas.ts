import { isJsonSchema, type JsonSchema } from "./json-schema.js";

// Where JSON Schema (2020-12, and the draft-07 spellings typescript-json-schema writes) keeps
// subschemas: one subschema, a list of them, or a map of name → subschema (`items` is one or a
// list, by draft). Every other keyword (enum, const, default, examples, required…) holds data and
// is copied untouched, so a property named "format" or a default of {"$ref": …} is never
// mistaken for schema.
const ONE = new Set([
  "additionalProperties",
  "items",
  "additionalItems",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
]);
const LIST = new Set(["anyOf", "oneOf", "allOf", "prefixItems", "items"]);
const MAP = new Set(["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"]);

/**
 * A copy of `node` with each direct subschema replaced by `map(subschema, keyword)`; data
 * keywords are copied as they are. Boolean subschemas (`additionalProperties: false`) are kept.
 */
export function mapSubschemas(node: JsonSchema, map: (sub: JsonSchema, keyword: string) => unknown): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (ONE.has(keyword) && isJsonSchema(value)) out[keyword] = map(value, keyword);
    else if (LIST.has(keyword) && Array.isArray(value)) out[keyword] = value.map((v) => (isJsonSchema(v) ? map(v, keyword) : v));
    else if (MAP.has(keyword) && isJsonSchema(value)) {
      out[keyword] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isJsonSchema(v) ? map(v, keyword) : v]));
    } else out[keyword] = value;
  }
  return out;
}

/**
 * Each direct subschema of `node` with where it sits: `properties.cursor`, `anyOf[1]`, `items`.
 * Boolean subschemas are left out.
 */
export function* subschemasOf(node: JsonSchema): Generator<[sub: JsonSchema, where: string]> {
  for (const [keyword, value] of Object.entries(node)) {
    if (ONE.has(keyword) && isJsonSchema(value)) yield [value, keyword];
    else if (LIST.has(keyword) && Array.isArray(value)) {
      for (const [i, v] of value.entries()) if (isJsonSchema(v)) yield [v, `${keyword}[${i}]`];
    } else if (MAP.has(keyword) && isJsonSchema(value)) {
      for (const [k, v] of Object.entries(value)) if (isJsonSchema(v)) yield [v, `${keyword}.${k}`];
    }
  }
}

/** Applies `map` to every schema in `node`, innermost first. */
export function mapSchemasDeep(node: JsonSchema, map: (schema: JsonSchema) => JsonSchema): JsonSchema {
  return map(mapSubschemas(node, (child) => mapSchemasDeep(child, map)));
}
