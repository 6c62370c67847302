type Node = Record<string, unknown>;

// Where JSON Schema 2020-12 keeps subschemas. Every other keyword (enum, const, default,
// examples...) holds data, which a walk must leave alone: a default may well have a `$ref` key.
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);
const SCHEMA_LISTS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);
const SCHEMA_VALUES = new Set(["items", "additionalProperties", "contains", "not", "if", "then", "else", "propertyNames"]);

/** A copy of `node` with `map` applied to each of its direct subschemas; data keywords are kept as they are. */
export function mapSubschemas(node: Node, map: (schema: Node) => Node): Node {
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (value === null || typeof value !== "object") out[key] = value;
    else if (SCHEMA_MAPS.has(key)) out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, map(schema as Node)]));
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map((schema: Node) => map(schema));
    else if (SCHEMA_VALUES.has(key) && !Array.isArray(value)) out[key] = map(value as Node);
    else out[key] = value;
  }
  return out;
}

/** Applies `map` to every schema in `node`, innermost first. */
export function mapSchemasDeep(node: Node, map: (schema: Node) => Node): Node {
  return map(mapSubschemas(node, (child) => mapSchemasDeep(child, map)));
}
