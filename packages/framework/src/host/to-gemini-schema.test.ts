import { describe, expect, test } from "vitest";
import { FIXTURE_TOOLS } from "./__fixtures__/mcp-tools.js";
import { isJsonSchema, type JsonSchema } from "../json-schema/json-schema.js";
import { toGeminiSchema } from "./to-gemini-schema.js";
import { toGeminiTool } from "./to-gemini-tool.js";

// The fields of the Gemini API's `Schema` object (OpenAPI 3.0 subset), and its type enum.
const GEMINI_FIELDS = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
]);
const GEMINI_TYPES = new Set(["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT"]);

function violations(node: JsonSchema, path = "parameters"): string[] {
  const problems: string[] = [];
  for (const [keyword, value] of Object.entries(node)) {
    if (!GEMINI_FIELDS.has(keyword)) problems.push(`${path} has ${keyword}`);
    if (keyword === "type" && !GEMINI_TYPES.has(value as string)) problems.push(`${path} has type ${JSON.stringify(value)}`);
    if (keyword === "enum" && (!Array.isArray(value) || value.some((v) => typeof v !== "string"))) problems.push(`${path} has a non-string enum`);
  }
  if (isJsonSchema(node.properties)) for (const [k, v] of Object.entries(node.properties)) problems.push(...violations(v as JsonSchema, `${path}.${k}`));
  if (isJsonSchema(node.items)) problems.push(...violations(node.items, `${path}[]`));
  if (Array.isArray(node.anyOf)) node.anyOf.forEach((b, i) => problems.push(...violations(b as JsonSchema, `${path}.anyOf[${i}]`)));
  return problems;
}

describe("toGeminiTool", () => {
  test.each(Object.entries(FIXTURE_TOOLS))("writes %s within Gemini's function declaration schema", (_, tool) => {
    const declaration = toGeminiTool(tool);
    expect(declaration.name).toMatch(/^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/);
    if (declaration.parameters) {
      expect(declaration.parameters.type).toBe("OBJECT");
      expect(violations(declaration.parameters)).toEqual([]);
    }
  });

  test("leaves parameters out for a tool with no arguments, which Gemini would refuse as an empty OBJECT", () => {
    expect(toGeminiTool(FIXTURE_TOOLS.noArgs!)).toEqual({ name: "get-tiny-image", description: "Returns a tiny image." });
  });

  test("rewrites what the subset cannot say and keeps it for the model in the description", () => {
    expect(
      toGeminiSchema({
        type: "object",
        properties: {
          unit: { type: "string", enum: ["c", "f"] },
          days: { type: ["integer", "null"], minimum: 1, exclusiveMaximum: 15 },
          level: { enum: [1, 2, 3], description: "How loud." },
          id: { anyOf: [{ type: "string" }, { type: "number" }] },
          tags: { type: "object", additionalProperties: { type: "string" } },
          either: { oneOf: [{ type: "string" }, { type: "null" }] },
          when: { type: "string", format: "uri" },
          pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }] },
        },
        required: ["unit"],
        additionalProperties: false,
      }),
    ).toEqual({
      type: "OBJECT",
      properties: {
        unit: { type: "STRING", format: "enum", enum: ["c", "f"] },
        days: { type: "INTEGER", nullable: true, minimum: 1, description: "exclusiveMaximum: 15" },
        level: { description: "How loud. (one of 1, 2, 3)" },
        id: { anyOf: [{ type: "STRING" }, { type: "NUMBER" }] },
        tags: { type: "OBJECT", description: "any other keys allowed, each string" },
        either: { type: "STRING", nullable: true },
        when: { type: "STRING", description: 'format: "uri"' },
        pair: { type: "ARRAY", items: {}, description: "a tuple: string, number" },
      },
      required: ["unit"],
      propertyOrdering: ["unit", "days", "level", "id", "tags", "either", "when", "pair"],
    });
  });
});
