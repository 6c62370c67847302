import { describe, expect, test } from "vitest";
import { deriveOne, expectArguments, failOne, fixture } from "./__fixtures__/derive-one.js";

describe("schemas of collection types", () => {
  test("types T[], Array<T>, readonly T[] and ReadonlyArray<T> as arrays of T", () => {
    const tool = deriveOne(`@tool() f(a: string[], b: Array<number>, c: readonly boolean[], d: ReadonlyArray<string[]>): void {}`);
    expect(tool.inputSchema.properties).toEqual({
      a: { type: "array", items: { type: "string" } },
      b: { type: "array", items: { type: "number" } },
      c: { type: "array", items: { type: "boolean" } },
      d: { type: "array", items: { type: "array", items: { type: "string" } } },
    });
    expect(tool.params.every((p) => !("revive" in p))).toBe(true);
    expectArguments(tool, {
      accepts: [{ a: [], b: [1, 2], c: [true], d: [["x"], []] }],
      rejects: [
        [
          { a: "x", b: [1, "2"], c: [true], d: [[1]] },
          ['a: expected array of string, got string "x"', 'b[1]: expected number, got string "2"', "d[0][0]: expected string, got number 1"],
        ],
      ],
    });
  });

  test("types Set<T> and ReadonlySet<T> as arrays, of unique items where equal JSON means the same value, and plans to rebuild the Set", () => {
    const tool = deriveOne(`@tool() f(tags: Set<string>, seen: ReadonlySet<number>, days: Set<Date>): void {}`);
    expect(tool.inputSchema.properties).toEqual({
      tags: { type: "array", items: { type: "string" }, uniqueItems: true },
      seen: { type: "array", items: { type: "number" }, uniqueItems: true },
      // Two Dates of one instant are two members of a Set, and one JSON string twice.
      days: { type: "array", items: { type: "string", format: "date-time" } },
    });
    expect(tool.params).toEqual([
      { from: "argument", name: "tags", revive: [{ path: [], to: "set" }] },
      { from: "argument", name: "seen", revive: [{ path: [], to: "set" }] },
      {
        from: "argument",
        name: "days",
        revive: [
          { path: [null], to: "date" },
          { path: [], to: "set" },
        ],
      },
    ]);
    expectArguments(tool, {
      accepts: [
        { tags: ["a", "b"], seen: [], days: ["2024-01-01T00:00:00Z"] },
        { tags: [], seen: [], days: ["2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z"] },
      ],
      rejects: [[{ tags: ["a", "b", "a"], seen: [1], days: [] }, ["tags: expected unique items, but [0] and [2] are equal"]]],
    });
  });

  test("a returned Set of objects with equal JSON forms is sent as it is, not refused as repeating items", () => {
    const tool = deriveOne(`@tool() f(): Set<{ a: string }> { return new Set(); }`);
    expect((tool.outputSchema?.properties as Record<string, unknown> | undefined)?.result).toEqual({
      type: "array",
      items: { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false },
    });
  });

  test("types a fixed tuple with prefixItems and exact minItems and maxItems", () => {
    const tool = deriveOne(`@tool() f(point: [number, number], stamp: readonly [label: string, at: Date]): void {}`);
    expect(tool.inputSchema.properties).toEqual({
      point: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], minItems: 2, maxItems: 2 },
      stamp: { type: "array", prefixItems: [{ type: "string" }, { type: "string", format: "date-time" }], minItems: 2, maxItems: 2 },
    });
    expect(tool.params[1]).toEqual({ from: "argument", name: "stamp", revive: [{ path: ["1"], to: "date" }] });
    expectArguments(tool, {
      accepts: [{ point: [0, 1.5], stamp: ["start", "2024-01-01T00:00:00Z"] }],
      rejects: [
        [
          { point: [1], stamp: ["start", "2024-01-01T00:00:00Z", "extra"] },
          ["point: expected exactly 2 items, got 1", "stamp: expected exactly 2 items, got 3"],
        ],
        [{ point: ["1", 2], stamp: [1, "2024-01-01T00:00:00Z"] }, ['point[0]: expected number, got string "1"', "stamp[0]: expected string, got number 1"]],
      ],
    });
  });

  test("rejects a tuple with optional or rest elements, which has no strict schema", () => {
    const errors = failOne(fixture(`@tool() f(range: [number, number?], rest: [string, ...number[]]): void {}`));
    const why = "a tuple with optional or rest elements has no strict schema; use a fixed tuple, an array or an object";
    expect(errors.map((e) => e.message)).toEqual([`Fixture.f: parameter "range": ${why}`, `Fixture.f: parameter "rest": ${why}`]);
  });

  test("types Record<string, T> and index signatures as additionalProperties of T", () => {
    const tool = deriveOne(
      `@tool() f(scores: Record<string, number>, flags: { [name: string]: boolean }, places: Places, stops: Record<string, Date>): void {}`,
      `/** Places by name. */
      type Places = Record<string, { lat: number; lon: number }>;`,
    );
    expect(tool.inputSchema.properties).toEqual({
      scores: { type: "object", additionalProperties: { type: "number" } },
      flags: { type: "object", additionalProperties: { type: "boolean" } },
      places: {
        type: "object",
        description: "Places by name.",
        additionalProperties: {
          type: "object",
          properties: { lat: { type: "number" }, lon: { type: "number" } },
          required: ["lat", "lon"],
          additionalProperties: false,
        },
      },
      stops: { type: "object", additionalProperties: { type: "string", format: "date-time" } },
    });
    expect(tool.params[3]).toEqual({ from: "argument", name: "stops", revive: [{ path: [null], to: "date" }] });
    expectArguments(tool, {
      accepts: [{ scores: { ann: 1 }, flags: {}, places: { home: { lat: 1, lon: 2 } }, stops: { "first stop": "2024-01-01T00:00:00Z" } }],
      rejects: [
        [
          { scores: { ann: "1" }, flags: { on: 1 }, places: { home: { lat: 1 } }, stops: {} },
          [
            'scores.ann: expected number, got string "1"',
            "flags.on: expected boolean, got number 1",
            "places.home.lon: missing required parameter (expected number)",
          ],
        ],
      ],
    });
  });

  test("types a Record with literal keys as an object with those properties", () => {
    const tool = deriveOne(`@tool() f(limits: Record<"low" | "high", number>, some: Partial<Record<"a" | "b", string>>): void {}`);
    expect(tool.inputSchema.properties).toEqual({
      limits: { type: "object", properties: { low: { type: "number" }, high: { type: "number" } }, required: ["low", "high"], additionalProperties: false },
      some: { type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, additionalProperties: false },
    });
    expectArguments(tool, { rejects: [[{ limits: { low: 1, high: 2, mid: 3 }, some: {} }, ['limits.mid: unknown parameter; expected only "low", "high"']]] });
  });
});
