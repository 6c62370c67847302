import { describe, expect, test } from "vitest";
import { ArgumentValidator } from "../../runtime/validation/argument-validator.js";
import { deriveOne, deriveWithWarnings, expectArguments, failOne, fixture } from "./__fixtures__/derive-one.js";

// One fixture per row of the supported-types table: the exact schema, what it accepts, what it
// rejects and how. Every fixture's schemas also compile with ajv in strict mode (deriveOne).
describe("schemas of scalar types", () => {
  test("types string, number and boolean by their own names", () => {
    const tool = deriveOne(`@tool() f(s: string, n: number, b: boolean): void {}`);
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: { s: { type: "string" }, n: { type: "number" }, b: { type: "boolean" } },
      required: ["s", "n", "b"],
      additionalProperties: false,
    });
    expectArguments(tool, {
      accepts: [{ s: "", n: -1.5, b: false }],
      rejects: [
        [{ s: 1, n: "1", b: "true" }, ["s: expected string, got number 1", 'n: expected number, got string "1"', 'b: expected boolean, got string "true"']],
      ],
    });
  });

  test("types typemcp's Int as integer, wherever it appears", () => {
    const tool = deriveOne(
      `@tool() f(page: Int, sizes: Int[], skip: Int | null, range: { from: Int; to?: Int }): void {}`,
      `import type { Int } from "typemcp";`,
    );
    expect(tool.inputSchema.properties).toEqual({
      page: { type: "integer" },
      sizes: { type: "array", items: { type: "integer" } },
      skip: { type: ["integer", "null"] },
      range: {
        type: "object",
        properties: { from: { type: "integer" }, to: { type: "integer" } },
        required: ["from"],
        additionalProperties: false,
      },
    });
    expectArguments(tool, {
      accepts: [
        { page: 1, sizes: [], skip: null, range: { from: 0 } },
        { page: 2.0, sizes: [3], skip: 4, range: { from: 1, to: 9 } },
      ],
      rejects: [
        [
          { page: 1.5, sizes: [1, 2.5], skip: 0.1, range: { from: 1, to: 2.2 } },
          [
            "page: expected integer, got number 1.5",
            "sizes[1]: expected integer, got number 2.5",
            "skip: expected integer or null, got number 0.1",
            "range.to: expected integer, got number 2.2",
          ],
        ],
      ],
    });
  });

  test("types a number tagged @asType integer or @TJS-type integer as integer", () => {
    const tool = deriveOne(
      `/** @param count How many. */
      @tool() f(/** @asType integer */ count: number, /** @TJS-type integer */ limit: number, box: Box): void {}`,
      `interface Box {
        /** @asType integer */
        width: number;
        /** @TJS-type integer */
        height: number;
      }`,
    );
    expect(tool.inputSchema.properties).toEqual({
      count: { type: "integer", description: "How many." },
      limit: { type: "integer" },
      box: {
        type: "object",
        properties: { width: { type: "integer" }, height: { type: "integer" } },
        required: ["width", "height"],
        additionalProperties: false,
      },
    });
    expectArguments(tool, { rejects: [[{ count: 1.5, limit: 1, box: { width: 1, height: 1 } }, ["count: expected integer, got number 1.5"]]] });
  });

  test("leaves optional, defaulted and undefined-accepting parameters out of required", () => {
    const tool = deriveOne(`@tool() f(query: string, limit = 5, page?: number, cursor: string | undefined = undefined, label = "x"): void {}`);
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: {
        query: { type: "string" },
        limit: { type: "number", default: 5 },
        page: { type: "number" },
        cursor: { type: "string" },
        label: { type: "string", default: "x" },
      },
      required: ["query"],
      additionalProperties: false,
    });
    const args: Record<string, unknown> = { query: "q" };
    expect(new ArgumentValidator(tool.inputSchema).check(args)).toEqual([]);
    expect(args).toEqual({ query: "q", limit: 5, label: "x" });
    expectArguments(tool, { rejects: [[{ limit: 1 }, ["query: missing required parameter (expected string)"]]] });
  });

  test("writes T | null as a flat type list, never as an anyOf wrapper", () => {
    const tool = deriveOne(
      `@tool() f(name: string | null, count: number | null, flag: boolean | null, level: "low" | "high" | null, place: { lat: number } | null, when: Date | null): void {}`,
    );
    expect(tool.inputSchema.properties).toEqual({
      name: { type: ["string", "null"] },
      count: { type: ["number", "null"] },
      flag: { type: ["boolean", "null"] },
      level: { type: ["string", "null"], enum: ["low", "high", null] },
      place: { type: ["object", "null"], properties: { lat: { type: "number" } }, required: ["lat"], additionalProperties: false },
      when: { type: ["string", "null"], format: "date-time" },
    });
    expect(tool.params.at(-1)).toEqual({ from: "argument", name: "when", revive: "date" });
    const nulls = { name: null, count: null, flag: null, level: null, place: null, when: null };
    expectArguments(tool, {
      accepts: [nulls, { name: "a", count: 1, flag: true, level: "low", place: { lat: 1 }, when: "2024-01-01T00:00:00Z" }],
      rejects: [
        [
          { ...nulls, name: 1, level: "mid", place: { lat: "1" } },
          [
            "name: expected string or null, got number 1",
            'level: expected one of "low", "high", null, got string "mid"',
            'place.lat: expected number, got string "1"',
          ],
        ],
        [{ ...nulls, count: undefined }, ["count: missing required parameter (expected number or null)"]],
      ],
    });
  });

  test("writes literal unions and enums as an enum with its type, in the author's order", () => {
    const tool = deriveOne(
      `@tool() f(order: "desc" | "asc", size: 3 | 1 | 2, color: Color, level: Level, mood: Mood, moods: Mood[]): void {}`,
      `enum Color { Red = "red", Green = "green", Blue = "blue" }
      enum Level { High = 2, Low = 0, Mid = 1 }
      type Mood = "sunny" | "cloudy" | "awful";`,
    );
    expect(tool.inputSchema.properties).toEqual({
      order: { type: "string", enum: ["desc", "asc"] },
      size: { type: "integer", enum: [3, 1, 2] },
      color: { type: "string", enum: ["red", "green", "blue"] },
      level: { type: "integer", enum: [2, 0, 1] },
      mood: { type: "string", enum: ["sunny", "cloudy", "awful"] },
      moods: { type: "array", items: { type: "string", enum: ["sunny", "cloudy", "awful"] } },
    });
    expectArguments(tool, {
      accepts: [{ order: "asc", size: 1, color: "red", level: 0, mood: "awful", moods: [] }],
      rejects: [
        [
          { order: "up", size: 4, color: "Red", level: 3, mood: "rainy", moods: ["sunny", "foggy"] },
          [
            'order: expected one of "desc", "asc", got string "up"',
            "size: expected one of 3, 1, 2, got number 4",
            'color: expected one of "red", "green", "blue", got string "Red"',
            "level: expected one of 2, 0, 1, got number 3",
            'mood: expected one of "sunny", "cloudy", "awful", got string "rainy"',
            'moods[1]: expected one of "sunny", "cloudy", "awful", got string "foggy"',
          ],
        ],
      ],
    });
  });

  test("expects date-time strings for Dates at any depth and plans to revive each one", () => {
    const tool = deriveOne(`@tool() f(at: Date, trip: Trip): void {}`, `interface Trip { stops: { name: string; eta: Date }[]; booked?: Date }`);
    const dateTime = { type: "string", format: "date-time" };
    expect(tool.inputSchema.properties).toEqual({
      at: dateTime,
      trip: {
        type: "object",
        properties: {
          stops: {
            type: "array",
            items: { type: "object", properties: { name: { type: "string" }, eta: dateTime }, required: ["name", "eta"], additionalProperties: false },
          },
          booked: dateTime,
        },
        required: ["stops"],
        additionalProperties: false,
      },
    });
    expect(tool.params).toEqual([
      { from: "argument", name: "at", revive: "date" },
      {
        from: "argument",
        name: "trip",
        revive: [
          { path: ["stops", null, "eta"], to: "date" },
          { path: ["booked"], to: "date" },
        ],
      },
    ]);
    expectArguments(tool, {
      accepts: [{ at: "2024-05-01T12:00:00Z", trip: { stops: [{ name: "a", eta: "2024-05-01T13:00:00+02:00" }] } }],
      rejects: [
        [
          { at: "May 1st", trip: { stops: [{ name: "a", eta: 5 }] } },
          ['at: must match format "date-time", got string "May 1st"', "trip.stops[0].eta: expected string (date-time), got number 5"],
        ],
      ],
    });
  });

  test("carries JSDoc validation tags on a type alias to every parameter and property of that type", () => {
    const tool = deriveOne(
      `@tool() f(name: Name, /** Who. @minLength 2 */ other: Name, names: Name[], pair: { first: Name }, code?: Code): void {}`,
      `/** A person's name. @maxLength 40 */
      type Name = string;
      /** @minimum 0 @maximum 999 @asType integer */
      type Code = number;`,
    );
    expect(tool.inputSchema.properties).toEqual({
      name: { type: "string", description: "A person's name.", maxLength: 40 },
      other: { type: "string", description: "Who.", maxLength: 40, minLength: 2 },
      names: { type: "array", items: { type: "string", description: "A person's name.", maxLength: 40 } },
      pair: {
        type: "object",
        properties: { first: { type: "string", description: "A person's name.", maxLength: 40 } },
        required: ["first"],
        additionalProperties: false,
      },
      code: { type: "integer", minimum: 0, maximum: 999 },
    });
    expectArguments(tool, {
      accepts: [{ name: "Ann", other: "Bo", names: [], pair: { first: "Cy" }, code: 7 }],
      rejects: [
        [
          { name: "Ann", other: "Bo", names: ["y".repeat(41)], pair: { first: "Cy" } },
          [`names[0]: must NOT have more than 40 characters, got string "${"y".repeat(41)}"`],
        ],
        [{ name: "Ann", other: "Bo", names: [], pair: { first: "Cy" }, code: 1.5 }, ["code: expected integer, got number 1.5"]],
      ],
    });
  });

  test("turns JSDoc validation tags on parameters and properties into the same keywords", () => {
    const tool = deriveOne(
      `@tool() f(
        /** @minimum 1 @maximum 100 @default 10 @example 25 */ limit: number,
        /** @minLength 3 @maxLength 8 @pattern ^[a-z]+$ @example "berlin" */ city: string,
        /** @exclusiveMinimum 0 @deprecated */ scale: number,
        contact: Contact,
      ): void {}`,
      `interface Contact {
        /** Where to write. @format email */
        email: string;
        /** @example "https://example.com" @format uri */
        site?: string;
      }`,
    );
    expect(tool.inputSchema.properties).toEqual({
      limit: { type: "number", minimum: 1, maximum: 100, default: 10, examples: [25] },
      city: { type: "string", minLength: 3, maxLength: 8, pattern: "^[a-z]+$", examples: ["berlin"] },
      scale: { type: "number", exclusiveMinimum: 0, deprecated: true },
      contact: {
        type: "object",
        properties: {
          email: { type: "string", format: "email", description: "Where to write." },
          site: { type: "string", format: "uri", examples: ["https://example.com"] },
        },
        required: ["email"],
        additionalProperties: false,
      },
    });
    const good = { limit: 1, city: "bonn", scale: 0.1, contact: { email: "a@b.org" } };
    expectArguments(tool, {
      accepts: [good],
      rejects: [
        [
          { limit: 0, city: "Bo", scale: 0, contact: { email: "nobody", site: "not a uri" } },
          [
            "limit: must be >= 1, got number 0",
            'city: must NOT have fewer than 3 characters, got string "Bo"',
            'city: must match pattern "^[a-z]+$", got string "Bo"',
            "scale: must be > 0, got number 0",
            'contact.email: must match format "email", got string "nobody"',
            'contact.site: must match format "uri", got string "not a uri"',
          ],
        ],
        [
          { ...good, limit: 101, city: "abcdefghi" },
          ["limit: must be <= 100, got number 101", 'city: must NOT have more than 8 characters, got string "abcdefghi"'],
        ],
      ],
    });
  });

  test("warns about unknown and any as elements and values, at any depth, as it does about an unknown parameter", () => {
    const { warnings } = deriveWithWarnings(
      `@tool() f(items: unknown[], meta: Record<string, unknown>, index: { [key: string]: any }, pair: [string, unknown], deep: { list: any[]; bag: Record<string, unknown> }, tags: Set<unknown>): void {}`,
    );
    const advice = "is typed `any` or `unknown`: its schema accepts any JSON value and tells a model nothing; give it a type";
    expect(warnings).toEqual([
      `Fixture.f: parameter "items": each element ${advice}`,
      `Fixture.f: parameter "meta": each value ${advice}`,
      `Fixture.f: parameter "index": each value ${advice}`,
      `Fixture.f: parameter "pair": each element ${advice}`,
      `Fixture.f: parameter "deep": each element of property "list" ${advice}`,
      `Fixture.f: parameter "deep": each value of property "bag" ${advice}`,
      `Fixture.f: parameter "tags": each element ${advice}`,
    ]);
  });

  test("accepts any JSON value for any and unknown, warning about each untyped place by name", () => {
    const { tool, warnings } = deriveWithWarnings(`@tool() f(value: unknown, raw: any, meta: { tag: string; extra: any }): void {}`);
    expect(tool.inputSchema.properties).toEqual({
      value: {},
      raw: {},
      meta: { type: "object", properties: { tag: { type: "string" }, extra: {} }, required: ["tag", "extra"], additionalProperties: false },
    });
    const advice = "is typed `any` or `unknown`: its schema accepts any JSON value and tells a model nothing; give it a type";
    expect(warnings).toEqual([
      `Fixture.f: parameter "value" ${advice}`,
      `Fixture.f: parameter "raw" ${advice}`,
      `Fixture.f: parameter "meta": property "extra" ${advice}`,
    ]);
    expectArguments(tool, { accepts: [{ value: null, raw: [1, "a"], meta: { tag: "t", extra: { deep: true } } }] });
  });

  test("refuses a @default that is not a value of its own type, naming the parameter, rather than fail every call that leaves it out", () => {
    const errors = failOne(
      fixture(`@tool() f(page: {
        /** @default null */ cursor?: string;
      }, /** @default "fast" */ speed?: number): void {}`),
    );
    expect(errors.map((e) => e.message)).toEqual([
      'Fixture.f: parameter "page": its schema is not valid strict JSON Schema 2020-12: its default at properties.cursor, null, is not a value of its own type (the default must be string)',
      'Fixture.f: parameter "speed": its schema is not valid strict JSON Schema 2020-12: its default, "fast", is not a value of its own type (the default must be number)',
    ]);
  });
});
