import { describe, expect, test } from "vitest";
import { toOpenAIStrictSchema } from "./to-openai-strict-schema.js";

function strict(schema: object) {
  const result = toOpenAIStrictSchema(schema as Record<string, unknown>);
  if (!result.ok) throw new Error(`not strict: ${result.reason}`);
  return result.schema;
}

function reason(schema: object): string {
  const result = toOpenAIStrictSchema(schema as Record<string, unknown>);
  if (result.ok) throw new Error("unexpectedly strict");
  return result.reason;
}

describe("toOpenAIStrictSchema", () => {
  test("requires every property, makes optional ones nullable and closes every object", () => {
    expect(
      strict({
        type: "object",
        properties: {
          town: { type: "string", description: "Town name." },
          year: { type: "integer", minimum: 2000 },
          order: { type: "string", enum: ["asc", "desc"] },
          tags: { type: "array", items: { type: "string" }, description: "Tags." },
          filter: { type: "object", properties: { max: { type: "number" } }, required: ["max"] },
          pick: { anyOf: [{ type: "string" }, { type: "number" }] },
        },
        required: ["town"],
        additionalProperties: false,
      }),
    ).toEqual({
      type: "object",
      properties: {
        town: { type: "string", description: "Town name." },
        year: { type: ["integer", "null"], minimum: 2000 },
        order: { anyOf: [{ type: "string", enum: ["asc", "desc"] }, { type: "null" }] },
        filter: { anyOf: [{ type: "object", properties: { max: { type: "number" } }, required: ["max"], additionalProperties: false }, { type: "null" }] },
        pick: { anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }] },
        tags: { anyOf: [{ type: "array", items: { type: "string" } }, { type: "null" }], description: "Tags." },
      },
      required: ["town", "year", "order", "tags", "filter", "pick"],
      additionalProperties: false,
    });
  });

  test("moves constraints strict mode lacks into the description, and keeps the ones it has", () => {
    expect(
      strict({
        type: "object",
        properties: {
          name: { type: "string", minLength: 2, maxLength: 5, description: "Name." },
          limit: { type: "number", default: 10, maximum: 100 },
          site: { type: "string", format: "uri" },
          when: { type: "string", format: "date-time", title: "When" },
        },
        required: ["name", "limit", "site", "when"],
      }),
    ).toEqual({
      type: "object",
      properties: {
        name: { type: "string", description: "Name. (minLength: 2, maxLength: 5)" },
        limit: { type: "number", maximum: 100, description: "(default: 10)" },
        site: { type: "string", description: '(format: "uri")' },
        when: { type: "string", format: "date-time" },
      },
      required: ["name", "limit", "site", "when"],
      additionalProperties: false,
    });
  });

  test("turns oneOf into anyOf and const into a one-value enum", () => {
    expect(strict({ type: "object", properties: { k: { oneOf: [{ const: "a" }, { type: "number" }] } }, required: ["k"] })).toEqual({
      type: "object",
      properties: { k: { anyOf: [{ enum: ["a"] }, { type: "number" }] } },
      required: ["k"],
      additionalProperties: false,
    });
  });

  test.each([
    [
      { type: "object", properties: { m: { type: "object", additionalProperties: { type: "number" } } }, required: ["m"] },
      "input.m takes keys it does not name (additionalProperties)",
    ],
    [{ type: "object", properties: { m: { type: "object" } }, required: ["m"] }, "input.m is an object with no listed properties"],
    [{ type: "object", properties: { v: {} }, required: ["v"] }, "input.v accepts a value of any type"],
    [{ type: "object", properties: { v: { allOf: [{ type: "string" }] } }, required: ["v"] }, 'input.v uses "allOf"'],
    [
      { type: "object", properties: { t: { type: "array", items: [{ type: "string" }] } }, required: ["t"] },
      "input.t is an array without one schema for its items",
    ],
    [
      { type: "object", properties: { u: { anyOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "string" }] } }, required: ["u"] },
      "input.u.anyOf[0].a is optional inside anyOf/oneOf",
    ],
  ])("says why %j cannot be strict", (schema, why) => {
    expect(reason(schema)).toBe(why);
  });

  test("refuses schemas nested deeper than OpenAI's 10 levels", () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 11; i++) schema = { type: "object", properties: { n: schema }, required: ["n"] };
    expect(reason(schema)).toMatch(/nested deeper than 10 levels/);
  });
});
