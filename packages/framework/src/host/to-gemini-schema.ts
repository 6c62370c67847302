import { isJsonSchema, type JsonSchema } from "../json-schema/json-schema.js";

// Gemini's classic function declarations take an OpenAPI 3.0 `Schema` object (the `Schema` of
// the Gemini API reference): these keywords and nothing else. Types are the upper-case enum.
const TYPES: Readonly<Record<string, string>> = {
  string: "STRING",
  number: "NUMBER",
  integer: "INTEGER",
  boolean: "BOOLEAN",
  array: "ARRAY",
  object: "OBJECT",
};
const KEPT = new Set(["description", "title", "pattern", "minimum", "maximum", "default", "example"]);
// int64 fields, which the API's JSON form writes as strings.
const COUNTS = new Set(["minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"]);
// Formats Gemini documents per type; any other is dropped and written into the description.
const FORMATS: Readonly<Record<string, readonly string[]>> = { STRING: ["enum", "date-time"], NUMBER: ["float", "double"], INTEGER: ["int32", "int64"] };
// Constraints the subset cannot say, kept for the model in the description.
const AS_HINT = new Set(["exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems", "format", "additionalProperties", "const", "not"]);

/**
 * Rewrites a reference-free JSON Schema (see `normalizeSchemaForProvider`) into the OpenAPI 3.0
 * subset Gemini's classic function declarations accept, keeping every call it allows possible:
 * `type` becomes the upper-case enum and a `["string", "null"]` type `nullable: true`; a union of
 * types or `oneOf` becomes `anyOf`; `const` and non-string `enum`s, which the subset cannot say,
 * become hints in the description, as do `additionalProperties`, `exclusiveMinimum` and formats
 * other than Gemini's own; `allOf` branches are merged; a reference left by a recursive type
 * becomes an open value described in words. The server still validates each call against its
 * own schema, and the host against the tool's `inputSchema` before sending it.
 */
export function toGeminiSchema(node: JsonSchema): JsonSchema {
  return convert(node);
}

function convert(input: JsonSchema): JsonSchema {
  const node = mergeAllOf(input);
  if (typeof node.$ref === "string") return { description: joinHint(node.description, `a value of the recursive type ${node.$ref.split("/").pop()}`) };
  const out: JsonSchema = {};
  const hints: string[] = [];
  const types = [node.type].flat().filter((t): t is string => typeof t === "string");
  const nullable = types.includes("null") || (Array.isArray(node.enum) && node.enum.includes(null));
  const real = types.filter((t) => t !== "null" && TYPES[t] !== undefined);
  const branches = [node.anyOf, node.oneOf].flatMap((b) => (Array.isArray(b) ? b.filter(isJsonSchema) : []));
  if (real.length > 1) {
    // Gemini has no type arrays: ["string", "number"] is said as anyOf.
    out.anyOf = real.map((t) => convert({ ...node, type: t, anyOf: undefined, oneOf: undefined, description: undefined }));
  } else if (real.length === 1) out.type = TYPES[real[0]!];
  if (branches.length) {
    const nonNull = branches.filter((b) => b.type !== "null");
    const converted = nonNull.map((b) => convert(b));
    if (nonNull.length < branches.length) out.nullable = true;
    if (converted.length === 1 && out.type === undefined) Object.assign(out, converted[0]);
    else if (converted.length) out.anyOf = [...((out.anyOf as JsonSchema[] | undefined) ?? []), ...converted];
  }
  if (nullable) out.nullable = true;
  for (const [keyword, value] of Object.entries(node)) {
    if (value === undefined) continue;
    if (KEPT.has(keyword)) out[keyword] = value;
    else if (COUNTS.has(keyword) && typeof value === "number") out[keyword] = String(value);
    else if (keyword === "enum" && Array.isArray(value)) convertEnum(value, out, hints);
    else if (keyword === "format" && typeof value === "string" && FORMATS[String(out.type)]?.includes(value)) out.format = value;
    else if (keyword === "additionalProperties") {
      if (isJsonSchema(value)) hints.push(`any other keys allowed, each ${describe(value)}`);
    } else if (AS_HINT.has(keyword)) hints.push(`${keyword}: ${JSON.stringify(value)}`);
  }
  if (isJsonSchema(node.properties)) {
    out.properties = Object.fromEntries(Object.entries(node.properties).map(([key, value]) => [key, isJsonSchema(value) ? convert(value) : {}]));
    if (Array.isArray(node.required)) out.required = node.required;
    // The API orders properties alphabetically unless told; keep the author's order.
    if (Object.keys(node.properties).length > 1) out.propertyOrdering = Object.keys(node.properties);
  }
  if (isJsonSchema(node.items)) out.items = convert(node.items);
  else if (Array.isArray(node.prefixItems)) {
    hints.push(`a tuple: ${node.prefixItems.map((item) => (isJsonSchema(item) ? describe(item) : "any")).join(", ")}`);
  }
  if (out.type === "ARRAY" && out.items === undefined) out.items = {};
  if (hints.length) out.description = joinHint(out.description, hints.join("; "));
  return out;
}

// The subset's enum holds strings only (with type STRING and format "enum").
function convertEnum(values: unknown[], out: JsonSchema, hints: string[]): void {
  const present = values.filter((v) => v !== null);
  if (present.every((v) => typeof v === "string") && (out.type === undefined || out.type === "STRING")) {
    out.type = "STRING";
    out.format = "enum";
    out.enum = present;
  } else hints.push(`one of ${present.map((v) => JSON.stringify(v)).join(", ")}`);
}

function mergeAllOf(node: JsonSchema): JsonSchema {
  if (!Array.isArray(node.allOf)) return node;
  const { allOf, ...rest } = node;
  let merged: JsonSchema = rest;
  for (const branch of allOf.filter(isJsonSchema)) {
    const properties = { ...(isJsonSchema(merged.properties) ? merged.properties : {}), ...(isJsonSchema(branch.properties) ? branch.properties : {}) };
    const required = [...new Set([...(Array.isArray(merged.required) ? merged.required : []), ...(Array.isArray(branch.required) ? branch.required : [])])];
    merged = { ...branch, ...merged, ...(Object.keys(properties).length && { properties }), ...(required.length && { required }) };
  }
  return merged;
}

function describe(node: JsonSchema): string {
  return typeof node.type === "string" ? node.type : JSON.stringify(node);
}

function joinHint(description: unknown, hint: string): string {
  return typeof description === "string" && description !== "" ? `${description} (${hint})` : hint;
}
