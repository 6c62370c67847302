import path from "node:path";
import { describe, expect, test } from "vitest";
import { BuildError } from "../../errors/build-error.js";
import { ArgumentValidator } from "../../runtime/validation/argument-validator.js";
import { deriveOne, expectArguments, failOne, fixture } from "./__fixtures__/derive-one.js";
import { FIXTURE_FILE, deriveSource } from "./__fixtures__/derive-source.js";

/** The 1-based line of the first occurrence of `needle` in `source`. */
function lineOf(source: string, needle: string): number {
  const index = source.indexOf(needle);
  if (index < 0) throw new Error(`"${needle}" is not in the fixture`);
  return source.slice(0, index).split("\n").length;
}

const fixtureFile = path.relative(process.cwd(), FIXTURE_FILE);

describe("deriveTool", () => {
  describe("parameters", () => {
    test("types string, number and boolean parameters with their @param descriptions", () => {
      const tool = deriveOne(`
        /**
         * Repeats a word.
         * @param word The word to repeat.
         * @param times How often to repeat it.
         * @param shout Whether to upper-case it.
         */
        @tool() repeat(word: string, times: number, shout: boolean): void {}
      `);
      expect(tool).toEqual({
        method: "repeat",
        description: "Repeats a word.",
        inputSchema: {
          type: "object",
          properties: {
            word: { type: "string", description: "The word to repeat." },
            times: { type: "number", description: "How often to repeat it." },
            shout: { type: "boolean", description: "Whether to upper-case it." },
          },
          required: ["word", "times", "shout"],
          additionalProperties: false,
        },
        params: [
          { from: "argument", name: "word" },
          { from: "argument", name: "times" },
          { from: "argument", name: "shout" },
        ],
        result: "none",
      });
    });

    test("strips the hyphen from TSDoc-style @param descriptions", () => {
      const tool = deriveOne(`
        /**
         * Looks a city up.
         * @param city - The city's English name.
         */
        @tool() lookup(city: string): void {}
      `);
      expect(tool.inputSchema.properties).toEqual({ city: { type: "string", description: "The city's English name." } });
    });

    test("leaves an optional parameter out of required", () => {
      const tool = deriveOne(`@tool() page(query: string, limit?: number): void {}`);
      expect(tool.inputSchema).toEqual({
        type: "object",
        properties: { query: { type: "string" }, limit: { type: "number" } },
        required: ["query"],
        additionalProperties: false,
      });
      expect(tool.params).toEqual([
        { from: "argument", name: "query" },
        { from: "argument", name: "limit" },
      ]);
    });

    test("records a literal default and leaves the parameter out of required", () => {
      const tool = deriveOne(`@tool() page(limit = 5): void {}`);
      expect(tool.inputSchema).toEqual({
        type: "object",
        properties: { limit: { type: "number", default: 5 } },
        additionalProperties: false,
      });
      expect(tool.params).toEqual([{ from: "argument", name: "limit" }]);
    });

    test("omits required altogether when every parameter is optional", () => {
      const tool = deriveOne(`@tool() list(): void {}`);
      expect(tool.inputSchema).toEqual({ type: "object", properties: {}, additionalProperties: false });
      expect(tool.params).toEqual([]);
    });

    test("turns a string literal union into an enum", () => {
      const tool = deriveOne(`@tool() sort(order: "asc" | "desc"): void {}`);
      expect(tool.inputSchema.properties).toEqual({ order: { type: "string", enum: ["asc", "desc"] } });
      const validator = new ArgumentValidator(tool.inputSchema);
      expect(validator.check({ order: "asc" })).toEqual([]);
      expect(validator.check({ order: "up" })).toEqual(['order: expected one of "asc", "desc", got string "up"']);
    });

    test("turns a string enum into an enum of its values", () => {
      const tool = deriveOne(`@tool() paint(color: Color): void {}`, `enum Color { Red = "red", Green = "green", Blue = "blue" }`);
      expect(tool.inputSchema.properties).toEqual({ color: { type: "string", enum: ["red", "green", "blue"] } });
    });

    test("describes arrays by their item type", () => {
      const tool = deriveOne(`@tool() plot(labels: string[], grid: number[][]): void {}`);
      expect(tool.inputSchema.properties).toEqual({
        labels: { type: "array", items: { type: "string" } },
        grid: { type: "array", items: { type: "array", items: { type: "number" } } },
      });
    });

    test("closes nested interface and object literal parameters to extra properties", () => {
      const tool = deriveOne(
        `@tool() send(options: Options, target: { host: string; port?: number }): void {}`,
        `interface Options {
          /** Whether to retry on failure. */
          retry: boolean;
          timeout?: number;
        }`,
      );
      expect(tool.inputSchema).toEqual({
        type: "object",
        properties: {
          options: {
            type: "object",
            properties: {
              retry: { type: "boolean", description: "Whether to retry on failure." },
              timeout: { type: "number" },
            },
            required: ["retry"],
            additionalProperties: false,
          },
          target: {
            type: "object",
            properties: { host: { type: "string" }, port: { type: "number" } },
            required: ["host"],
            additionalProperties: false,
          },
        },
        required: ["options", "target"],
        additionalProperties: false,
      });
      const validator = new ArgumentValidator(tool.inputSchema);
      expect(validator.check({ options: { retry: true }, target: { host: "a" } })).toEqual([]);
      expect(validator.check({ options: { retry: true, force: true }, target: { host: "a" } })).toEqual([
        'options.force: unknown parameter; expected only "retry", "timeout"',
      ]);
    });

    test("expects a date-time string for a Date parameter and plans to revive it", () => {
      const tool = deriveOne(`@tool() schedule(at: Date): void {}`);
      expect(tool.inputSchema).toEqual({
        type: "object",
        properties: { at: { type: "string", format: "date-time" } },
        required: ["at"],
        additionalProperties: false,
      });
      expect(tool.params).toEqual([{ from: "argument", name: "at", revive: "date" }]);
    });

    test("lists properties in parameter order, not alphabetically", () => {
      const tool = deriveOne(`@tool() mix(zeta: string, alpha: number, mid: boolean): void {}`);
      expect(Object.keys(tool.inputSchema.properties as object)).toEqual(["zeta", "alpha", "mid"]);
      expect(tool.inputSchema.required).toEqual(["zeta", "alpha", "mid"]);
      expect(tool.params).toEqual([
        { from: "argument", name: "zeta" },
        { from: "argument", name: "alpha" },
        { from: "argument", name: "mid" },
      ]);
    });

    test("takes the whole arguments object for a destructured single parameter", () => {
      const tool = deriveOne(`@tool() move({ x, y }: { x: number; y?: number }): void {}`);
      expect(tool.inputSchema).toEqual({
        type: "object",
        properties: { x: { type: "number" }, y: { type: "number" } },
        required: ["x"],
        additionalProperties: false,
      });
      expect(tool.params).toEqual([{ from: "arguments" }]);
    });

    test("hoists a recursive type's definitions to the schema root, where its refs point", () => {
      const tool = deriveOne(`@tool() walk(root: TreeNode): void {}`, `interface TreeNode { label: string; children: TreeNode[] }`);
      const node = {
        type: "object",
        properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/TreeNode" } } },
        required: ["label", "children"],
        additionalProperties: false,
      };
      expect(tool.inputSchema).toEqual({
        type: "object",
        properties: { root: { $ref: "#/$defs/TreeNode" } },
        required: ["root"],
        additionalProperties: false,
        $defs: { TreeNode: node },
      });
      const validator = new ArgumentValidator(tool.inputSchema);
      expect(validator.check({ root: { label: "a", children: [{ label: "b", children: [] }] } })).toEqual([]);
      expect(validator.check({ root: { label: "a", children: [{ label: 1, children: [] }] } })).not.toEqual([]);
    });

    test("sends a recursive object return as itself, not wrapped in { result }, its refs pointing at its own definitions", () => {
      const tool = deriveOne(`@tool() tree(): TreeNode { return { label: "a", children: [] }; }`, `interface TreeNode { label: string; children: TreeNode[] }`);
      const node = {
        type: "object",
        properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/TreeNode" } } },
        required: ["label", "children"],
        additionalProperties: false,
      };
      expect(tool.outputSchema).toEqual({ ...node, $defs: { TreeNode: node } });
      expect(tool.result).toBe("object");
    });

    // typescript-json-schema gives a mapped type (Record) no additionalProperties of its own, so
    // noExtraProps used to close it: the schema accepted only {}.
    test("lets a Record<string, number> parameter take any keys with number values", () => {
      const tool = deriveOne(`@tool() tally(scores: Record<string, number>): void {}`);
      expect(tool.inputSchema.properties).toEqual({ scores: { type: "object", additionalProperties: { type: "number" } } });
      expectArguments(tool, {
        accepts: [{ scores: {} }, { scores: { ann: 1, bob: 2.5 } }],
        rejects: [[{ scores: { ann: "one" } }, ['scores.ann: expected number, got string "one"']]],
      });
    });
  });

  describe("result", () => {
    test("serves an object return type as is, with it as the output schema", () => {
      const tool = deriveOne(`@tool() where(): { lat: number; lon: number } { return { lat: 0, lon: 0 }; }`);
      expect(tool.result).toBe("object");
      expect(tool.outputSchema).toEqual({
        type: "object",
        properties: { lat: { type: "number" }, lon: { type: "number" } },
        required: ["lat", "lon"],
        additionalProperties: false,
      });
    });

    test("wraps a primitive return type in a { result } output schema", () => {
      const tool = deriveOne(`@tool() count(): number { return 1; }`);
      expect(tool.result).toBe("wrap");
      expect(tool.outputSchema).toEqual({
        type: "object",
        properties: { result: { type: "number" } },
        required: ["result"],
        additionalProperties: false,
      });
    });

    test("sends a bare string return type as its text alone, with no output schema", () => {
      const tool = deriveOne(`@tool() async greet(): Promise<string> { return "hi"; }`);
      expect(tool.result).toBe("text");
      expect(tool).not.toHaveProperty("outputSchema");
    });

    test("keeps the { result } output schema of a string it says more about: literal values, or its @returns text", () => {
      const mood = deriveOne(`@tool() mood(): "up" | "down" { return "up"; }`);
      expect(mood.result).toBe("wrap");
      expect(mood.outputSchema).toMatchObject({ properties: { result: { enum: ["up", "down"] } } });
      const described = deriveOne(`/** Greets. @returns The greeting. */ @tool() greet(): string { return "hi"; }`);
      expect(described.result).toBe("wrap");
      expect(described.outputSchema).toMatchObject({ properties: { result: { type: "string" } }, description: "The greeting." });
    });

    test("wraps an array return type in a { result } output schema", () => {
      const tool = deriveOne(`@tool() names(): string[] { return []; }`);
      expect(tool.result).toBe("wrap");
      expect(tool.outputSchema).toEqual({
        type: "object",
        properties: { result: { type: "array", items: { type: "string" } } },
        required: ["result"],
        additionalProperties: false,
      });
    });

    test("unwraps a Promise return type", () => {
      const tool = deriveOne(`@tool() async total(): Promise<{ sum: number }> { return { sum: 0 }; }`);
      expect(tool.result).toBe("object");
      expect(tool.outputSchema).toEqual({
        type: "object",
        properties: { sum: { type: "number" } },
        required: ["sum"],
        additionalProperties: false,
      });
    });

    test("plans no result and no output schema for void", () => {
      const tool = deriveOne(`@tool() async reset(): Promise<void> {}`);
      expect(tool.result).toBe("none");
      expect(tool).not.toHaveProperty("outputSchema");
    });

    // The runtime sends `{ result: null }` for undefined, which a `result: string` schema rejects.
    test("allows null as the result when the return type includes undefined", () => {
      const tool = deriveOne(`@tool() async find(): Promise<string | undefined> { return undefined; }`);
      expect(tool.result).toBe("wrap");
      expect(tool.outputSchema).toEqual({
        type: "object",
        properties: { result: { type: ["string", "null"] } },
        required: ["result"],
        additionalProperties: false,
      });
    });

    test("wraps an object that may be absent, so a missing one travels as { result: null }", () => {
      const tool = deriveOne(`@tool() find(): { id: number } | undefined { return undefined; }`);
      expect(tool.result).toBe("wrap");
      expect(tool.outputSchema).toEqual({
        type: "object",
        properties: {
          result: { type: ["object", "null"], properties: { id: { type: "number" } }, required: ["id"], additionalProperties: false },
        },
        required: ["result"],
        additionalProperties: false,
      });
    });

    test("treats void in a return union as a missing value", () => {
      const tool = deriveOne(`@tool() async maybe(): Promise<number | void> { return; }`);
      expect(tool.outputSchema?.properties).toEqual({ result: { type: ["number", "null"] } });
    });

    test("describes the output schema with the @returns text", () => {
      const tool = deriveOne(`
        /**
         * Counts things.
         * @returns - How many things
         *   there are.
         */
        @tool() count(): number { return 1; }
      `);
      expect(tool.outputSchema?.description).toBe("How many things there are.");
    });
  });

  describe("description", () => {
    test("joins the JSDoc summary's wrapped lines and keeps its paragraphs", () => {
      const tool = deriveOne(`
        /**
         * Converts an amount between two currencies
         * at today's rate.
         *
         * Rates come from the central bank.
         * @param amount The amount to convert.
         */
        @tool() convert(amount: number): number { return amount; }
      `);
      expect(tool.description).toBe("Converts an amount between two currencies at today's rate.\n\nRates come from the central bank.");
    });

    test("has no description when the method has no JSDoc", () => {
      const tool = deriveOne(`@tool() ping(): void {}`);
      expect(tool).not.toHaveProperty("description");
    });
  });

  describe("unsupported signatures", () => {
    test("rejects a bigint parameter, naming the method, the parameter and its line", () => {
      const source = fixture(`
  @tool()
  store(key: string, value: bigint): void {}`);
      const errors = failOne(source);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(BuildError);
      expect(errors[0]?.code).toBe("UNSUPPORTED_SIGNATURE");
      expect(errors[0]?.message).toBe('Fixture.store: parameter "value": `bigint` has no JSON form; use `number` or a numeric `string`');
      expect(errors[0]?.location).toEqual({ file: fixtureFile, line: lineOf(source, "store("), column: 22 });
    });

    test("rejects a function-typed parameter", () => {
      const source = fixture(`
  @tool()
  each(callback: (item: string) => void): void {}`);
      const errors = failOne(source);
      expect(errors.map((e) => e.message)).toEqual(['Fixture.each: parameter "callback": a function cannot be sent as JSON']);
      expect(errors[0]?.location?.line).toBe(lineOf(source, "callback"));
    });

    test("rejects a rest parameter", () => {
      const source = fixture(`
  @tool()
  sum(...values: number[]): void {}`);
      const errors = failOne(source);
      expect(errors.map((e) => e.message)).toEqual(['Fixture.sum: rest parameter "values" cannot be a tool argument; take an array instead']);
      expect(errors[0]?.location?.line).toBe(lineOf(source, "...values"));
    });

    test("rejects a generic method, pointing at its type parameter", () => {
      const source = fixture(`
  @tool()
  echo<T>(value: T): void {}`);
      const errors = failOne(source);
      expect(errors.map((e) => e.message)).toEqual(["Fixture.echo: generic methods cannot be tools: a schema needs concrete types"]);
      expect(errors[0]?.location).toEqual({ file: fixtureFile, line: lineOf(source, "echo<T>"), column: 8 });
    });

    test("leaves a static method to the type checker, which rejects the decorator there", () => {
      // The public decorator types refuse static members, so tsc stops before derivation runs;
      // test/setup-matrix.test.ts asserts the build's own file:line message for the same case.
      const source = fixture(`
  @tool()
  static create(): void {}`);
      expect(() => failOne(source)).toThrow(/Types of property 'static' are incompatible/);
    });

    test("reports every bad parameter of a method at once", () => {
      const errors = failOne(fixture(`@tool() run(a: symbol, b: () => void, c: string): void {}`));
      expect(errors.map((e) => e.message)).toEqual([
        expect.stringMatching(/^Fixture\.run: parameter "a": /),
        'Fixture.run: parameter "b": a function cannot be sent as JSON',
      ]);
    });
  });

  describe("a whole fixture", () => {
    const showcase = fixture(
      `
  /** Greets someone. @param name Who to greet. */
  @tool() greet(name: string, loud = false): string { return name; }
  @tool() paint(color: Color, at?: Date): { done: boolean } { return { done: true }; }
  @tool() async walk(root: TreeNode): Promise<TreeNode[]> { return [root]; }
  @tool() bad(value: bigint): void {}`,
      `enum Color { Red = "red", Green = "green" }
interface TreeNode { label: string; children: TreeNode[] }`,
    );

    test("derives every tool in declaration order", () => {
      const derived = deriveSource(showcase);
      expect(derived.map((d) => (d.ok ? d.tool.method : "rejected"))).toEqual(["greet", "paint", "walk", "rejected"]);
    });

    test("derives identical definitions on every run", () => {
      const snapshot = () => JSON.stringify(deriveSource(showcase).map((d) => (d.ok ? d.tool : d.errors.map((e) => [e.message, e.location]))));
      const first = snapshot();
      expect(first).toContain('"$defs"');
      expect(snapshot()).toBe(first);
    });
  });
});
