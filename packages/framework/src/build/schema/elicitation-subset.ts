import type { JsonSchema } from "../../definitions/tool-definition.js";

// MCP 2025-11-25 (and 2026-07-28) "restricted subset" of JSON Schema for elicitation: each
// property is one of these shapes, with exactly these keywords (`PrimitiveSchemaDefinition`).
// A client drops any other keyword, so the build refuses one rather than let it vanish.
const COMMON = ["type", "title", "description", "default"];
const KEYWORDS = {
  string: [...COMMON, "minLength", "maxLength", "format"],
  number: [...COMMON, "minimum", "maximum"],
  boolean: COMMON,
  choice: [...COMMON, "enum"],
  choices: [...COMMON, "items", "minItems", "maxItems"],
} as const;
const FORMATS = ["email", "uri", "date", "date-time"];

/**
 * `property` (a derived property schema) in the form MCP elicitation accepts, or why it cannot be
 * asked for: the keyword a JSDoc tag added that the subset lacks, or a format it does not know.
 */
export function toElicitationProperty(property: JsonSchema): { schema: JsonSchema } | { why: string } {
  // A single string literal (`"yes"`) is a choice of one.
  const schema = typeof property.const === "string" ? { ...withoutKey(property, "const"), enum: [property.const] } : property;
  const kind = kindOf(schema);
  if (!kind) return { why: "its schema is not one MCP elicitation can ask for" };
  const extra = Object.keys(schema).filter((key) => !(KEYWORDS[kind] as readonly string[]).includes(key));
  if (extra.length) {
    const tags = extra.map((key) => `\`@${key}\``).join(", ");
    return { why: `${tags} is not part of MCP elicitation's schema subset (a ${LABEL[kind]} takes ${KEYWORDS[kind].filter((k) => k !== "type").join(", ")})` };
  }
  if (kind === "string" && schema.format !== undefined && !FORMATS.includes(schema.format as string)) {
    return { why: `\`@format ${String(schema.format)}\` is not one MCP elicitation knows (${FORMATS.join(", ")})` };
  }
  return { schema };
}

const LABEL = { string: "string", number: "number", boolean: "boolean", choice: "string choice", choices: "multi-select" } as const;

function kindOf(schema: JsonSchema): keyof typeof KEYWORDS | undefined {
  if (schema.type === "string") return Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === "string") ? "choice" : "string";
  if (schema.type === "number" || schema.type === "integer") return schema.enum === undefined ? "number" : undefined;
  if (schema.type === "boolean") return schema.enum === undefined ? "boolean" : undefined;
  if (schema.type === "array" && isStringChoice(schema.items)) return "choices";
  return undefined;
}

// A multi-select's items: `{ type: "string", enum: [...] }` and nothing else.
function isStringChoice(items: unknown): boolean {
  if (typeof items !== "object" || items === null) return false;
  const { type, enum: values, ...rest } = items as JsonSchema;
  return type === "string" && Array.isArray(values) && values.every((v) => typeof v === "string") && Object.keys(rest).length === 0;
}

function withoutKey(schema: JsonSchema, key: string): JsonSchema {
  const { [key]: _, ...rest } = schema;
  return rest;
}
