import { describe, expect, test } from "vitest";
import type { JsonSchema } from "../definitions/tool-definition.js";
import { coerceArgument, coerceArguments } from "./coerce-arguments.js";
import { HostError } from "../errors/host-error.js";

const schema: JsonSchema = {
  type: "object",
  properties: {
    town: { type: "string" },
    count: { type: "integer" },
    ratio: { type: "number" },
    exact: { type: "boolean" },
    tags: { type: "array", items: { type: "string" } },
    filter: { type: "object", properties: { max: { type: "number" } } },
    order: { type: "string", enum: ["asc", "desc"] },
    level: { enum: [1, 2, 3] },
    maybe: { type: ["number", "null"] },
    either: { anyOf: [{ type: "number" }, { type: "string" }] },
    tree: { $ref: "#/$defs/Tree" },
  },
  $defs: { Tree: { type: "object" } },
};

describe("coerceArgument", () => {
  test.each([
    ["town", "42", "42"],
    ["town", "true", "true"],
    ["count", "7", 7],
    ["ratio", "-2.5e3", -2500],
    ["ratio", "5", 5],
    ["exact", "false", false],
    ["tags", '["a","b"]', ["a", "b"]],
    ["filter", '{"max":3}', { max: 3 }],
    ["order", "asc", "asc"],
    ["level", "2", 2],
    ["maybe", "null", null],
    ["maybe", "1.5", 1.5],
    ["either", "12", 12],
    ["either", "twelve", "twelve"],
    ["tree", '{"a":1}', { a: 1 }],
  ])("types %s=%s by the schema", (key, raw, expected) => {
    expect(coerceArgument(key, raw, schema)).toEqual(expected);
  });

  test("parses a property the schema does not describe as JSON when it is JSON, else keeps the string", () => {
    expect(coerceArgument("other", "3", schema)).toBe(3);
    expect(coerceArgument("other", "Winchester", schema)).toBe("Winchester");
  });

  test.each([
    ["count", "3.5", 'Argument "count" must be a whole number; got "3.5".'],
    ["ratio", "ten", 'Argument "ratio" must be a number; got "ten".'],
    ["ratio", "", 'Argument "ratio" must be a number; got "".'],
    ["exact", "yes", 'Argument "exact" must be a boolean; got "yes".'],
    ["tags", "a,b", 'Argument "tags" must be a JSON array; got "a,b".'],
    ["filter", "[1]", 'Argument "filter" must be a JSON object; got "[1]".'],
    ["maybe", "x", 'Argument "maybe" must be a number or null; got "x".'],
  ])("refuses %s=%s, naming the argument", (key, raw, message) => {
    expect(() => coerceArgument(key, raw, schema)).toThrow(message);
  });
});

describe("coerceArguments", () => {
  test("splits name=value at the first = only", () => {
    expect(coerceArguments(["town=a=b", "count=2"], schema)).toEqual({ town: "a=b", count: 2 });
  });

  test("refuses a pair without a name or =, and a name given twice, as usage errors", () => {
    for (const pairs of [["town"], ["=x"], ["count=1", "count=2"]]) {
      let error: unknown;
      try {
        coerceArguments(pairs, schema);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(HostError);
      expect((error as HostError).exitCode).toBe(2);
    }
  });
});
