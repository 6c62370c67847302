import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { FIXTURE_TOOLS } from "./__fixtures__/mcp-tools.js";
import { commonViolations, refViolations, strictViolations } from "./__fixtures__/provider-rules.js";
import type { JsonSchema } from "../json-schema/json-schema.js";
import { normalizeSchemaForProvider } from "./normalize-schema-for-provider.js";
import { stripAddedNulls } from "./strip-added-nulls.js";
import { toAnthropicTool } from "./to-anthropic-tool.js";
import { toOpenAIChatTool, toOpenAIResponsesTool } from "./to-openai-tool.js";

const tools = Object.entries(FIXTURE_TOOLS);
const ajv = new Ajv2020({ strict: false, validateFormats: false });

describe("toAnthropicTool", () => {
  test.each(tools)("writes %s within the Messages API's rules", (_, tool) => {
    const out = toAnthropicTool({ ...tool, name: `mcp-servers/everything__${tool.name}` });
    expect(Object.keys(out).sort()).toEqual(["description", "input_schema", "name"]);
    expect([...commonViolations(out.name, out.input_schema), ...refViolations(out.input_schema)]).toEqual([]);
  });

  test("keeps what Anthropic takes, drops $schema and inlines references", () => {
    expect(toAnthropicTool(FIXTURE_TOOLS.zod!)).toEqual({
      name: "create_event",
      description: "Create an event.",
      input_schema: {
        type: "object",
        properties: {
          start: {
            type: "object",
            properties: { date: { type: "string", format: "date" }, time: { type: "string" } },
            required: ["date"],
            additionalProperties: false,
          },
          end: {
            type: "object",
            properties: { date: { type: "string", format: "date" }, time: { type: "string" } },
            required: ["date"],
            additionalProperties: false,
            description: "When it ends.",
          },
        },
        required: ["start", "end"],
        additionalProperties: false,
      },
    });
  });

  test("merges a root union into one object that requires what every branch requires", () => {
    expect(toAnthropicTool(FIXTURE_TOOLS.rootUnion!).input_schema).toEqual({
      type: "object",
      properties: { name: { type: "string" }, limit: { type: "integer" }, lat: { type: "number" }, lon: { type: "number" } },
      required: ["limit"],
      additionalProperties: false,
    });
  });
});

describe.each([
  ["toOpenAIChatTool", (tool: (typeof tools)[number][1], strict?: boolean) => toOpenAIChatTool(tool, strict === undefined ? {} : { strict }).function],
  ["toOpenAIResponsesTool", (tool: (typeof tools)[number][1], strict?: boolean) => toOpenAIResponsesTool(tool, strict === undefined ? {} : { strict })],
])("%s", (_, toFunction) => {
  test.each(tools)("writes %s within OpenAI's rules, strict mode's too when it claims strict", (_, tool) => {
    const fn = toFunction(tool);
    const problems = [...commonViolations(fn.name, fn.parameters), ...refViolations(fn.parameters)];
    if (fn.strict) problems.push(...strictViolations(fn.parameters), ...refViolations(fn.parameters).map((p) => `strict: ${p}`));
    if (fn.strict) expect(JSON.stringify(fn.parameters)).not.toContain("$ref");
    expect(problems).toEqual([]);
  });

  test("is strict exactly where the rewrite keeps every call the schema can express", () => {
    const strictness = Object.fromEntries(tools.map(([key, tool]) => [key, toFunction(tool).strict]));
    expect(strictness).toEqual({ divide: true, forecast: true, search: true, zod: true, tree: false, record: false, rootUnion: true, noArgs: true });
  });

  test("never claims strict when told not to", () => {
    expect(tools.map(([, tool]) => toFunction(tool, false).strict).every((s) => s === false)).toBe(true);
  });
});

describe("the strict rewrite, checked with a JSON Schema validator", () => {
  const cases: Array<[key: string, args: Record<string, unknown>]> = [
    // `note` takes null itself: a null the model sends for it is a value, and stays.
    ["search", { query: "maps", note: null }],
    ["search", { query: "maps", limit: 5, order: "asc", opts: { flag: true }, tags: ["x"], since: "2026-01-01T00:00:00Z", note: null }],
    ["zod", { start: { date: "2026-01-01" }, end: { date: "2026-01-02", time: "10:00" } }],
    ["rootUnion", { name: "Boston", limit: 3 }],
  ];

  test.each(cases)("%s: arguments the server accepts, sent with nulls for what is left out, pass the strict schema and come back unchanged", (key, args) => {
    const tool = FIXTURE_TOOLS[key]!;
    const { schema, loose, strict } = normalizeSchemaForProvider(tool.inputSchema, "openai-chat");
    expect(strict).toBe(true);
    const modelArgs = fillNulls(args, loose);
    expect(ajv.validate(schema, modelArgs), JSON.stringify(ajv.errors)).toBe(true);
    expect(stripAddedNulls(modelArgs, loose)).toEqual(args);
  });
});

// What a model under strict mode sends: every property present, null for the ones it leaves out.
function fillNulls(value: unknown, schema: JsonSchema): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.keys(properties).map((key) => [key, key in value ? fillNulls((value as Record<string, unknown>)[key], properties[key]!) : null]),
  );
}
