import { describe, expect, test } from "vitest";
import { ToolError } from "../../errors/tool-error.js";
import { OutputContract } from "./output-contract.js";
import { toJsonValue } from "./to-json-value.js";

const wrapped = (result: object) => ({ type: "object", properties: { result }, required: ["result"], additionalProperties: false });

/** The `ToolError` message `toWire` throws for `value`. */
function refusal(contract: OutputContract, value: unknown): string {
  try {
    contract.toWire(value);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe("INVALID_RESULT");
    return (error as ToolError).message;
  }
  throw new Error("expected the result to be refused");
}

describe("toJsonValue", () => {
  test("puts Dates, Sets, bytes, URLs and toJSON objects in their JSON form, at any depth", () => {
    const problems: string[] = [];
    const value = {
      at: new Date("2024-05-01T12:00:00Z"),
      tags: new Set(["a", "b"]),
      bytes: new Uint8Array([1, 2, 3]),
      buffer: Buffer.from("hi"),
      site: new URL("https://example.com/a"),
      money: { toJSON: () => "12.50" },
      nested: [{ when: new Set([new Date(0)]) }],
      gone: undefined,
    };
    expect(toJsonValue(value, problems, "")).toEqual({
      at: "2024-05-01T12:00:00.000Z",
      tags: ["a", "b"],
      bytes: "AQID",
      buffer: "aGk=",
      site: "https://example.com/a",
      money: "12.50",
      nested: [{ when: ["1970-01-01T00:00:00.000Z"] }],
    });
    expect(problems).toEqual([]);
  });

  test("returns a plain value itself, copying nothing", () => {
    const value = { a: 1, b: ["x", { c: true }] };
    expect(toJsonValue(value, [], "")).toBe(value);
  });

  test("names by path every value JSON cannot carry", () => {
    const problems: string[] = [];
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    toJsonValue({ big: Infinity, small: -Infinity, odd: NaN, n: 10n, m: new Map([[1, "x"]]), c: cycle, when: new Date("nope") }, problems, "result");
    expect(problems).toEqual([
      "result.big: the result is too large to represent (Infinity): JSON numbers must be finite",
      "result.small: the result is too large to represent (-Infinity): JSON numbers must be finite",
      "result.odd: the result is not a number (NaN), which JSON cannot carry",
      "result.n: a bigint, which JSON cannot carry; return a number or a numeric string",
      "result.m: a Map with a number key, which JSON cannot carry; key it by text",
      "result.c.self: refers back to itself (a cycle), which JSON cannot carry",
      "result.when: an invalid Date",
    ]);
  });
});

describe("OutputContract", () => {
  test("sends a wrapped value and an object in JSON form when they match the schema", () => {
    expect(new OutputContract("t", "wrap", wrapped({ type: "number" })).toWire(3)).toBe(3);
    expect(new OutputContract("t", "wrap", wrapped({ type: "array", items: { type: "string" }, uniqueItems: true })).toWire(new Set(["a"]))).toEqual(["a"]);
    const object = { type: "object", properties: { at: { type: "string", format: "date-time" } }, required: ["at"], additionalProperties: false };
    expect(new OutputContract("t", "object", object).toWire({ at: new Date(0) })).toEqual({ at: "1970-01-01T00:00:00.000Z" });
  });

  test("sends a recursive object as itself against its own definitions, and refuses a wrong node deep in it", () => {
    const node = {
      type: "object",
      properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/TreeNode" } } },
      required: ["children", "label"],
      additionalProperties: false,
    };
    const contract = new OutputContract("t", "object", { ...node, $defs: { TreeNode: node } });
    const tree = { label: "a", children: [{ label: "b", children: [] }] };
    expect(contract.toWire(tree)).toEqual(tree);
    expect(() => contract.toWire({ label: "a", children: [{ label: 2, children: [] }] })).toThrow(/children\[0\]\.label/);
  });

  test("sends a string tool's text as it is, and refuses anything else it returns as a wrapped string would be", () => {
    const text = "x".repeat(100_000);
    expect(new OutputContract("t", "text", undefined).toWire(text)).toBe(text);
    expect(refusal(new OutputContract("t", "text", undefined), 42)).toMatch(
      /^The tool "t" returned a result it cannot send, so the call failed:\n- result: .*string/,
    );
  });

  test("refuses an overflowed number with words a model can act on", () => {
    expect(refusal(new OutputContract("multiply", "wrap", wrapped({ type: "number" })), 1e308 * 10)).toBe(
      'The tool "multiply" returned a result it cannot send, so the call failed:\n- result: the result is too large to represent (Infinity): JSON numbers must be finite',
    );
  });

  test("refuses a result its return type does not allow, naming each wrong property", () => {
    const schema = {
      type: "object",
      properties: { count: { type: "integer" }, name: { type: "string" } },
      required: ["count", "name"],
      additionalProperties: false,
    };
    expect(refusal(new OutputContract("t", "object", schema), { count: 1.5, extra: true })).toBe(
      [
        'The tool "t" returned a result it cannot send, so the call failed:',
        "- name: missing required property (expected string)",
        '- extra: unknown property; expected only "count", "name"',
        "- count: expected integer, got number 1.5",
      ].join("\n"),
    );
    expect(refusal(new OutputContract("t", "object", schema), null)).toBe(
      'The tool "t" returned a result it cannot send, so the call failed:\n- result: expected object, got null',
    );
  });

  test("sends a class instance as a plain object of the properties its schema lists, at any depth and in any branch", () => {
    class Point {
      constructor(
        public x: number,
        public y: number,
        private hidden = "h",
      ) {}
      get sum(): number {
        return this.x + this.y + this.hidden.length;
      }
    }
    const point = { type: "object", properties: { x: { type: "number" }, y: { type: "number" } }, required: ["x", "y"], additionalProperties: false };
    const schema = {
      type: "object",
      properties: { at: { $ref: "#/$defs/Point" }, path: { type: "array", items: { anyOf: [{ $ref: "#/$defs/Point" }, { type: "null" }] } } },
      required: ["at", "path"],
      additionalProperties: false,
      $defs: { Point: point },
    };
    const sent = new OutputContract("t", "object", schema).toWire({ at: new Point(1, 2), path: [new Point(3, 4), null] }) as { at: object };
    expect(sent).toEqual({ at: { x: 1, y: 2 }, path: [{ x: 3, y: 4 }, null] });
    expect(Object.getPrototypeOf(sent.at)).toBe(Object.prototype);
    // With no closed schema to go by, an instance sends its own enumerable properties, as JSON.stringify would.
    expect(new OutputContract("t", "wrap", undefined).toWire(new Point(5, 6))).toEqual({ x: 5, y: 6, hidden: "h" });
  });

  test("sends a missing wrapped value as null, which a nullable schema allows", () => {
    expect(new OutputContract("t", "wrap", wrapped({ type: ["string", "null"] })).toWire(undefined)).toBeNull();
  });

  test("without an output schema still refuses what JSON cannot carry", () => {
    const contract = new OutputContract("t", "wrap", undefined);
    expect(contract.toWire({ any: "thing" })).toEqual({ any: "thing" });
    expect(refusal(contract, { n: NaN })).toContain("- result.n: the result is not a number (NaN)");
  });
});
