import type { SchemaObject } from "./openapi-document.js";

// The formats typemcp's strict schema check knows (ajv-formats): any other, such as OpenAPI's
// int32 or binary, would stop the build, so it is left out (int32/int64 are `Int` already).
const KNOWN_FORMATS = new Set([
  "date",
  "time",
  "date-time",
  "duration",
  "uri",
  "uri-reference",
  "uri-template",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
  "regex",
  "json-pointer",
  "relative-json-pointer",
]);

/** Text that can sit inside a `/** … *\/` comment: no comment end, no trailing spaces. */
export function commentSafe(text: string): string {
  return text
    .replace(/\*\//g, "*\\/")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .trim();
}

/**
 * `text` as a sentence a model reads: trimmed, starting with a capital when its first word is
 * all lower case ("pet status" → "Pet status", "iOS apps" kept), ending in a full stop unless it
 * ends in punctuation already.
 */
export function asSentence(text: string): string {
  const trimmed = text.trim().replace(/^[a-z]+\b/, (word) => word[0]!.toUpperCase() + word.slice(1));
  return trimmed === "" || /[.!?:)`]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The JSDoc tags typemcp's build turns into the schema keywords of the same name (`@minimum`,
 * `@pattern`, `@format`…), for the constraints `schema` declares. A pattern JavaScript cannot
 * compile with the `u` flag, or one that would end the comment, is left out rather than stop the build.
 */
export function constraintTags(schema: SchemaObject): string[] {
  const tags: string[] = [];
  const number = (name: string, value: unknown) => typeof value === "number" && Number.isFinite(value) && tags.push(`@${name} ${value}`);
  // OpenAPI 3.0 writes an exclusive bound as a boolean beside minimum/maximum; 3.1 as the number.
  if (schema.exclusiveMinimum === true) number("exclusiveMinimum", schema.minimum);
  else number("minimum", schema.minimum);
  if (schema.exclusiveMaximum === true) number("exclusiveMaximum", schema.maximum);
  else number("maximum", schema.maximum);
  number("exclusiveMinimum", schema.exclusiveMinimum);
  number("exclusiveMaximum", schema.exclusiveMaximum);
  number("minLength", schema.minLength);
  number("maxLength", schema.maxLength);
  number("minItems", schema.minItems);
  number("maxItems", schema.maxItems);
  if (typeof schema.pattern === "string" && isUsablePattern(schema.pattern)) tags.push(`@pattern ${schema.pattern}`);
  if (typeof schema.format === "string" && KNOWN_FORMATS.has(schema.format) && typeOf(schema) === "string") tags.push(`@format ${schema.format}`);
  if (schema.deprecated === true) tags.push("@deprecated");
  return tags;
}

function isUsablePattern(pattern: string): boolean {
  if (pattern.includes("*/") || pattern.includes("\n")) return false;
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}

function typeOf(schema: SchemaObject): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
}

/**
 * A JSDoc comment of `description` and `tags`, indented by `indent`: one line when it fits,
 * else a block. Empty when there is nothing to say.
 */
export function jsDoc(description: string | undefined, tags: readonly string[], indent: string): string {
  const text = commentSafe(description ?? "");
  const lines = [...(text ? text.split("\n") : []), ...tags];
  if (lines.length === 0) return "";
  const single = lines.join(" ");
  if (!text.includes("\n") && single.length + indent.length < 120) return `${indent}/** ${single} */\n`;
  return `${indent}/**\n${lines.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)).join("\n")}\n${indent} */\n`;
}
