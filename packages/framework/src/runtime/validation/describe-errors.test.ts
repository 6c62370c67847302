import type { ErrorObject } from "ajv";
import { describe, expect, test } from "vitest";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { ArgumentValidator } from "./argument-validator.js";
import { describeErrors } from "./describe-errors.js";

/** The input schema `typemcp build` derives for `search(query: string, limit = 10, order?: "asc" | "desc", opts?: {...}, tags?: string[], since?: Date)`. */
const schema: JsonSchema = {
  type: "object",
  properties: {
    query: { type: "string", description: "What to look for." },
    limit: { type: "number", default: 10 },
    order: { type: "string", enum: ["asc", "desc"] },
    opts: {
      type: "object",
      properties: { flag: { type: "boolean" }, depth: { type: "number" } },
      required: ["flag"],
      additionalProperties: false,
    },
    tags: { type: "array", items: { type: "string" } },
    since: { type: "string", format: "date-time" },
  },
  required: ["query"],
  additionalProperties: false,
};

function check(args: Record<string, unknown>): string[] {
  return new ArgumentValidator(schema).check(args);
}

describe("describeErrors", () => {
  test("returns no lines when the arguments are valid", () => {
    expect(check({ query: "cats", order: "asc", opts: { flag: true }, tags: ["a"], since: "2024-01-02T03:04:05Z" })).toEqual([]);
  });

  test("names a missing required parameter and its expected type", () => {
    expect(check({})).toEqual(["query: missing required parameter (expected string)"]);
  });

  test("names the expected type and what was sent when the type is wrong", () => {
    expect(check({ query: 42 })).toEqual(["query: expected string, got number 42"]);
  });

  test("describes an object or array sent in place of a primitive", () => {
    expect(check({ query: { text: "cats" }, limit: [1] })).toEqual(["query: expected string, got an object", "limit: expected number, got an array"]);
  });

  test("names an unknown parameter and lists the known ones", () => {
    expect(check({ query: "cats", page: 2 })).toEqual(['page: unknown parameter; expected only "query", "limit", "order", "opts", "tags", "since"']);
  });

  test("lists the allowed values when an enum does not match", () => {
    expect(check({ query: "cats", order: "up" })).toEqual(['order: expected one of "asc", "desc", got string "up"']);
  });

  test("reports a wrong type and enum mismatch on one value as one line", () => {
    expect(check({ query: "cats", order: 1 })).toEqual(['order: expected one of "asc", "desc", got number 1']);
  });

  test("names a nested parameter by its dotted path", () => {
    expect(check({ query: "cats", opts: { flag: "yes" } })).toEqual(['opts.flag: expected boolean, got string "yes"']);
  });

  test("names a missing nested parameter by its dotted path", () => {
    expect(check({ query: "cats", opts: {} })).toEqual(["opts.flag: missing required parameter (expected boolean)"]);
  });

  test("names an unknown nested parameter and lists its siblings", () => {
    expect(check({ query: "cats", opts: { flag: true, deep: 1 } })).toEqual(['opts.deep: unknown parameter; expected only "flag", "depth"']);
  });

  test("names an array item by its index", () => {
    expect(check({ query: "cats", tags: ["a", 2] })).toEqual(["tags[1]: expected string, got number 2"]);
  });

  test("falls back to ajv's message for other keywords", () => {
    expect(check({ query: "cats", since: "yesterday" })).toEqual(['since: must match format "date-time", got string "yesterday"']);
  });

  test("reports every wrong parameter of one call", () => {
    expect(check({ limit: "ten", order: "up", extra: true })).toEqual([
      "query: missing required parameter (expected string)",
      'extra: unknown parameter; expected only "query", "limit", "order", "opts", "tags", "since"',
      'limit: expected number, got string "ten"',
      'order: expected one of "asc", "desc", got string "up"',
    ]);
  });

  test("shortens a long value it quotes", () => {
    expect(check({ query: "cats", limit: "x".repeat(100) })).toEqual([`limit: expected number, got string "${"x".repeat(56)}...`]);
  });

  test("calls the top level arguments when the whole value is wrong", () => {
    const error: ErrorObject = { keyword: "type", instancePath: "", schemaPath: "#/type", params: { type: "object" }, message: "must be object" };
    expect(describeErrors([error], schema, "cats")).toEqual(['arguments: expected object, got string "cats"']);
  });
});
