import path from "node:path";
import { describe, expect, test } from "vitest";
import { OutputContract } from "../../runtime/calls/output-contract.js";
import { reviveValues } from "../../runtime/calls/revive-values.js";
import type { ParameterPlan } from "../../definitions/tool-definition.js";
import { deriveOne, expectArguments, failOne, fixture } from "./__fixtures__/derive-one.js";
import { FIXTURE_FILE } from "./__fixtures__/derive-source.js";

// Stand-ins for the globals @types/node declares (`Buffer`, `URL`), at the path the build
// recognises them by; fixture programs load no @types packages.
const NODE_GLOBALS = {
  "./node_modules/@types/node/globals.d.ts": `declare global {
    interface Buffer extends Uint8Array { toString(encoding?: string): string }
    class URL { constructor(input: string); readonly href: string; toJSON(): string }
  }
  export {};`,
};
const WITH_NODE = `import "./node_modules/@types/node/globals";`;

/** What the method receives for `args`: each parameter as the runtime fills it. */
function received(params: readonly ParameterPlan[], args: Record<string, unknown>): unknown[] {
  return params.map((param) => {
    if (param.from !== "argument") return undefined;
    return param.revive ? reviveValues(args[param.name], param.revive, param.reviveDefs) : args[param.name];
  });
}

describe("schemas of nominal types", () => {
  test("types a branded primitive as its primitive, with the brand's alias description", () => {
    const tool = deriveOne(
      `@tool() f(id: UserId, height: Centimetres, ids: UserId[]): void {}`,
      `/** A user's id, as issued at sign-up. */
      type UserId = string & { readonly __brand: "UserId" };
      type Centimetres = number & { __unit: "cm" };`,
    );
    expect(tool.inputSchema.properties).toEqual({
      id: { type: "string", description: "A user's id, as issued at sign-up." },
      height: { type: "number" },
      ids: { type: "array", items: { type: "string", description: "A user's id, as issued at sign-up." } },
    });
    expect(tool.params).toEqual([
      { from: "argument", name: "id" },
      { from: "argument", name: "height" },
      { from: "argument", name: "ids" },
    ]);
    expectArguments(tool, {
      accepts: [{ id: "u-1", height: 180.5, ids: [] }],
      rejects: [
        [
          { id: { __brand: "UserId" }, height: "180", ids: ["a", 1] },
          ["id: expected string, got an object", 'height: expected number, got string "180"', "ids[1]: expected string, got number 1"],
        ],
      ],
    });
  });

  test("types a union of string literals and (string & {}) as a string, listing the known values", () => {
    const tool = deriveOne(
      `/** @param size How big. */
      @tool() f(size: "small" | "large" | (string & {}), colour: Colour | null): void {}`,
      `type Colour = "red" | "green" | (string & {});`,
    );
    expect(tool.inputSchema.properties).toEqual({
      size: { type: "string", description: 'How big. Known values: "small", "large"; any other string is accepted too.' },
      colour: { type: ["string", "null"], description: 'Known values: "red", "green"; any other string is accepted too.' },
    });
    expectArguments(tool, {
      accepts: [
        { size: "small", colour: null },
        { size: "enormous", colour: "teal" },
      ],
      rejects: [[{ size: 3, colour: {} }, ["size: expected string, got number 3", "colour: expected string or null, got an object"]]],
    });
  });
});

describe("schemas of values with a JSON form of their own", () => {
  test("types Uint8Array and Buffer as base64 text and revives each to its declared class", () => {
    const tool = deriveOne(`@tool() f(data: Uint8Array, file: { name: string; body: Buffer }): void {}`, WITH_NODE, NODE_GLOBALS);
    const base64 = { type: "string", contentEncoding: "base64", pattern: "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$" };
    expect(tool.inputSchema.properties).toEqual({
      data: base64,
      file: { type: "object", properties: { name: { type: "string" }, body: base64 }, required: ["name", "body"], additionalProperties: false },
    });
    expect(tool.params).toEqual([
      { from: "argument", name: "data", revive: [{ path: [], to: "bytes" }] },
      { from: "argument", name: "file", revive: [{ path: ["body"], to: "buffer" }] },
    ]);
    const [data, file] = received(tool.params, { data: "AQID", file: { name: "a", body: "aGk=" } }) as [Uint8Array, { body: Buffer }];
    expect(data.constructor).toBe(Uint8Array);
    expect([...data]).toEqual([1, 2, 3]);
    expect(Buffer.isBuffer(file.body)).toBe(true);
    expect(file.body.toString()).toBe("hi");
    expectArguments(tool, {
      accepts: [{ data: "", file: { name: "a", body: "aGk=" } }],
      rejects: [
        [
          { data: "not base64!", file: { name: "a", body: [104, 105] } },
          ['data: expected bytes as base64 text, got string "not base64!"', "file.body: expected string, got an array"],
        ],
      ],
    });
  });

  test("types URL as a uri string and revives it to a URL", () => {
    const tool = deriveOne(`@tool() f(site: URL, mirrors: URL[]): void {}`, WITH_NODE, NODE_GLOBALS);
    expect(tool.inputSchema.properties).toEqual({
      site: { type: "string", format: "uri" },
      mirrors: { type: "array", items: { type: "string", format: "uri" } },
    });
    const [site, mirrors] = received(tool.params, { site: "https://example.com/a?b=1", mirrors: ["http://m.example/"] }) as [URL, URL[]];
    expect(site).toBeInstanceOf(URL);
    expect(site.searchParams.get("b")).toBe("1");
    expect(mirrors[0]).toBeInstanceOf(URL);
    expectArguments(tool, { rejects: [[{ site: "example.com", mirrors: [] }, ['site: must match format "uri", got string "example.com"']]] });
  });

  test("revives Dates at every depth of a recursive type", () => {
    const tool = deriveOne(`@tool() f(root: Folder): void {}`, `interface Folder { name: string; modified: Date; children: Folder[]; tags?: Set<string> }`);
    expect(tool.params).toEqual([
      {
        from: "argument",
        name: "root",
        revive: [
          { path: ["modified"], to: "date" },
          { path: ["children", null], to: "ref", ref: "Folder" },
          { path: ["tags"], to: "set" },
        ],
        reviveDefs: {
          Folder: [
            { path: ["modified"], to: "date" },
            { path: ["children", null], to: "ref", ref: "Folder" },
            { path: ["tags"], to: "set" },
          ],
        },
      },
    ]);
    const at = (day: number) => `2024-01-0${day}T00:00:00.000Z`;
    const tree = {
      name: "a",
      modified: at(1),
      children: [{ name: "b", modified: at(2), children: [{ name: "c", modified: at(3), children: [], tags: ["x"] }] }],
    };
    const [root] = received(tool.params, { root: tree }) as [
      { modified: Date; children: Array<{ modified: Date; children: Array<{ modified: Date; tags: Set<string> }> }> },
    ];
    const deepest = root.children[0]!.children[0]!;
    expect(deepest.modified).toEqual(new Date(at(3)));
    expect(deepest.tags).toEqual(new Set(["x"]));
    expect(root.children[0]!.modified).toBeInstanceOf(Date);
  });

  test("revives a Date or URL beside literal or template strings only when the string is one", () => {
    const tool = deriveOne(
      `@tool() f(window: { createdAt?: Date | \`-P\${number}D\` }, since: Date | "never" | null, home?: URL | "none", note?: Date | string): void {}`,
      WITH_NODE,
      NODE_GLOBALS,
    );
    expect(tool.params).toEqual([
      { from: "argument", name: "window", revive: [{ path: ["createdAt"], to: "date", only: "date-time" }] },
      { from: "argument", name: "since", revive: [{ path: [], to: "date", only: "date-time" }] },
      { from: "argument", name: "home", revive: [{ path: [], to: "url", only: "uri" }] },
      // Any string is a `string`: a date-looking one may be meant as text, so nothing is revived.
      { from: "argument", name: "note" },
    ]);
    const [window, since, home] = received(tool.params, { window: { createdAt: "2024-05-01T12:00:00Z" }, since: "never", home: "https://example.com/" }) as [
      { createdAt: unknown },
      unknown,
      unknown,
    ];
    expect(window.createdAt).toEqual(new Date("2024-05-01T12:00:00Z"));
    expect(since).toBe("never");
    expect(home).toEqual(new URL("https://example.com/"));
    const [relative, none, missing] = received(tool.params, { window: { createdAt: "-P7D" }, since: "2024-05-01T12:00:00+02:00", home: "none" }) as unknown[];
    expect(relative).toEqual({ createdAt: "-P7D" });
    expect(none).toEqual(new Date("2024-05-01T10:00:00Z"));
    expect(missing).toBe("none");
  });

  test("revives Sets and Maps in unions, optional and nested, and takes Int anywhere as an integer", () => {
    const tool = deriveOne(
      `@tool() f(scores: Map<string, Int>, nested: { byDay?: Map<string, Date[]>; ids: Array<Set<Int>> }, tags?: Set<string> | null, limit?: Int | null): void {}`,
      `import type { Int } from "typemcp";`,
    );
    expect(tool.inputSchema.properties).toEqual({
      tags: { type: ["array", "null"], items: { type: "string" }, uniqueItems: true },
      scores: { type: "object", additionalProperties: { type: "integer" } },
      nested: {
        type: "object",
        properties: {
          byDay: { type: "object", additionalProperties: { type: "array", items: { type: "string", format: "date-time" } } },
          ids: { type: "array", items: { type: "array", items: { type: "integer" }, uniqueItems: true } },
        },
        required: ["ids"],
        additionalProperties: false,
      },
      limit: { type: ["integer", "null"] },
    });
    const [scores, nested, tags, limit] = received(tool.params, {
      tags: ["a"],
      scores: { ann: 2 },
      nested: { byDay: { mon: ["2024-01-01T00:00:00Z"] }, ids: [[1, 2]] },
      limit: null,
    }) as [Map<string, number>, { byDay: Map<string, Date[]>; ids: Array<Set<number>> }, Set<string>, unknown];
    expect(tags).toEqual(new Set(["a"]));
    expect(scores).toEqual(new Map([["ann", 2]]));
    expect(nested.byDay.get("mon")?.[0]).toEqual(new Date("2024-01-01T00:00:00Z"));
    expect(nested.ids[0]).toEqual(new Set([1, 2]));
    expect(limit).toBeNull();
    expectArguments(tool, { rejects: [[{ scores: { ann: 1.5 }, nested: { ids: [] } }, ["scores.ann: expected integer, got number 1.5"]]] });
  });

  test("sends a Map result as an object, and refuses a Map whose keys are not text", () => {
    const tool = deriveOne(`@tool() f(): { counts: Map<string, number> } { return { counts: new Map() }; }`);
    expect(tool.outputSchema?.properties).toEqual({ counts: { type: "object", additionalProperties: { type: "number" } } });
    expect(new OutputContract("f", tool.result, tool.outputSchema).toWire({ counts: new Map([["a", 1]]) })).toEqual({ counts: { a: 1 } });
    const errors = failOne(fixture(`@tool() f(byId: Map<number, string>): void {}`));
    expect(errors.map((e) => e.message)).toEqual([
      'Fixture.f: parameter "byId": a `Map` with `number` keys has no JSON form: JSON object keys are text. Use `Map<string, T>` (or `Record<string, T>`), or an array of `[key, value]` tuples',
    ]);
  });

  test("plans nothing for a recursive type with nothing to revive", () => {
    const tool = deriveOne(`@tool() f(outline: Outline): void {}`, `interface Outline { title: string; children: Outline[] }`);
    expect(tool.params).toEqual([{ from: "argument", name: "outline" }]);
  });
});

describe("types with no JSON form stop the build", () => {
  test("names a RegExp, a class with methods, an interface method and a typed array, with the fix", () => {
    const errors = failOne(
      fixture(
        `@tool() f(pattern: RegExp, from: Point, opts: { shape: Shape }, samples: Float64Array): void {}`,
        `class Point { constructor(public x: number, public y: number) {} distanceTo(other: Point): number { return Math.hypot(this.x - other.x, this.y - other.y); } }
        interface Shape { sides: number; area(): number }`,
      ),
    );
    expect(errors.map((e) => e.message)).toEqual([
      'Fixture.f: parameter "pattern": a `RegExp` has no JSON form; take its source as a `string` (tag it `@format regex` to have it checked) and build the RegExp in the method',
      'Fixture.f: parameter "from": a `Point` is a class instance with methods or accessors (`distanceTo`), which JSON cannot carry: what arrives is a plain object without them. Take an interface of its data instead and build the `Point` inside the method',
      'Fixture.f: parameter "opts": property "shape": method `area` cannot be sent as JSON; declare only data properties',
      'Fixture.f: parameter "samples": a `Float64Array` has no JSON form; use `Uint8Array` for bytes (sent as base64) or `number[]`',
    ]);
    const file = path.relative(process.cwd(), FIXTURE_FILE);
    expect(errors.map((e) => e.format().split(" - ")[0])).toEqual([`${file}:5:11`, `${file}:5:28`, `${file}:5:41`, `${file}:5:65`]);
  });

  test("refuses Function, and an interface extending it, at any depth, as it does a function type", () => {
    const errors = failOne(
      fixture(
        `@tool() f(callback: Function, opts: { onDone: Handler }, make: NewableFunction): void {}`,
        `interface Handler extends Function { label: string }`,
      ),
    );
    expect(errors.map((e) => e.message)).toEqual([
      'Fixture.f: parameter "callback": a function cannot be sent as JSON',
      'Fixture.f: parameter "opts": property "onDone": a function cannot be sent as JSON',
      'Fixture.f: parameter "make": a function cannot be sent as JSON',
    ]);
  });

  test("accepts a class of fields only, as the plain data it is", () => {
    const tool = deriveOne(`@tool() f(at: Point): void {}`, `class Point { x = 0; y = 0; }`);
    expect(tool.inputSchema.properties).toEqual({
      at: {
        type: "object",
        properties: { x: { type: "number" }, y: { type: "number" } },
        required: ["x", "y"],
        additionalProperties: false,
      },
    });
  });

  test("lets a class with methods be a result, sending its data", () => {
    const tool = deriveOne(`@tool() f(): Point { return new Point(); }`, `class Point { x = 0; y = 0; norm(): number { return 0; } }`);
    expect(tool.outputSchema).toEqual({
      type: "object",
      properties: { x: { type: "number" }, y: { type: "number" } },
      required: ["x", "y"],
      additionalProperties: false,
    });
  });
});

describe("what a result class sends", () => {
  test("leaves a class's accessors out of the output schema, as serializing an instance leaves them out", () => {
    const tool = deriveOne(
      `@tool() f(): Reading { return new Reading(); }`,
      `class Base { get id(): string { return "r1"; } }
      class Reading extends Base {
        value = 1;
        accessor unit = "C";
        get doubled(): number { return this.value * 2; }
        set label(text: string) {}
        plain = { get shown(): number { return 1; } };
      }`,
    );
    expect(tool.outputSchema).toEqual({
      type: "object",
      properties: {
        value: { type: "number" },
        plain: { type: "object", properties: { shown: { type: "number" } }, required: ["shown"], additionalProperties: false },
      },
      required: ["value", "plain"],
      additionalProperties: false,
    });
    // The same class at run time: what the runtime sends passes the schema the build wrote.
    class Base {
      get id(): string {
        return "r1";
      }
    }
    class Reading extends Base {
      value = 1;
      get doubled(): number {
        return this.value * 2;
      }
      plain = {
        get shown(): number {
          return 1;
        },
      };
    }
    const contract = new OutputContract("f", tool.result, tool.outputSchema);
    expect(contract.toWire(new Reading())).toEqual({ value: 1, plain: { shown: 1 } });
  });

  test("leaves #private, private and protected members out, and sends only the listed data", () => {
    const tool = deriveOne(
      `@tool() f(): Account { return new Account("a-1"); }`,
      `class Account {
        #raw = "r";
        private token = "t";
        protected audit: string[] = [];
        constructor(readonly id: string, private secret = "s", protected level = 1) {}
        name = "Ada";
        peek(): string { return this.#raw + this.token + this.secret + this.level + this.audit.length; }
      }`,
    );
    expect(tool.outputSchema).toEqual({
      type: "object",
      properties: { id: { type: "string" }, name: { type: "string" } },
      required: ["id", "name"],
      additionalProperties: false,
    });
    class Account {
      #raw = "r";
      private token = "t";
      constructor(
        readonly id: string,
        private secret = "s",
      ) {}
      name = "Ada";
      peek(): string {
        return this.#raw + this.token + this.secret;
      }
    }
    const sent = new OutputContract("f", tool.result, tool.outputSchema).toWire(new Account("a-1"));
    expect(sent).toEqual({ id: "a-1", name: "Ada" });
    expect(Object.getPrototypeOf(sent)).toBe(Object.prototype);
  });
});

describe("defaults, optional properties, patterns and this", () => {
  test("writes a default given as an enum member or a named constant into the schema", () => {
    const tool = deriveOne(
      `@tool() f(unit: Unit = Unit.Km, limit: number = DEFAULT_LIMIT, page: number = LIMITS.page, tags: string[] = DEFAULT_TAGS): void {}`,
      `enum Unit { Km = "km", Mi = "mi" }
      const DEFAULT_LIMIT = 25;
      const LIMITS = { page: 1 } as const;
      const DEFAULT_TAGS = ["news"];`,
    );
    expect(tool.inputSchema.properties).toEqual({
      unit: { type: "string", enum: ["km", "mi"], default: "km" },
      limit: { type: "number", default: 25 },
      page: { type: "number", default: 1 },
      tags: { type: "array", items: { type: "string" }, default: ["news"] },
    });
    expect(tool.inputSchema.required).toBeUndefined();
  });

  test("gives the properties of typeof a constant, of ReturnType and of class fields no defaults: a type is a shape", () => {
    const tool = deriveOne(
      `@tool() f(settings: typeof SETTINGS, made: ReturnType<typeof makePoint>, at: Point, limit = SETTINGS.limit): void {}`,
      `const SETTINGS = { limit: 10, unit: "km" };
      function makePoint() { return { x: 1, label: "origin" }; }
      class Point {
        x = 0;
        /** @default 5 */
        y = 0;
      }`,
    );
    expect(tool.inputSchema.properties).toEqual({
      settings: {
        type: "object",
        properties: { limit: { type: "number" }, unit: { type: "string" } },
        required: ["limit", "unit"],
        additionalProperties: false,
      },
      made: { type: "object", properties: { x: { type: "number" }, label: { type: "string" } }, required: ["x", "label"], additionalProperties: false },
      at: { type: "object", properties: { x: { type: "number" }, y: { type: "number", default: 5 } }, required: ["x", "y"], additionalProperties: false },
      limit: { type: "number", default: 10 },
    });
    const at = { x: 0, y: 0 };
    expectArguments(tool, {
      accepts: [{ settings: { limit: 1, unit: "mi" }, made: { x: 2, label: "a" }, at }],
      rejects: [
        [{ settings: { unit: "mi" }, made: { x: 2, label: "a" }, at }, ["settings.limit: missing required parameter (expected number)"]],
        [{ settings: { limit: 1, unit: "mi" }, made: { x: 2 }, at }, ["made.label: missing required parameter (expected string)"]],
      ],
    });
  });

  test("writes a destructured parameter's constant defaults into the schema", () => {
    const tool = deriveOne(
      `@tool() f({ unit = Unit.Mi, limit = MAX }: { unit?: Unit; limit?: number }): void {}`,
      `enum Unit { Km = "km", Mi = "mi" }\nconst MAX = 50;`,
    );
    expect(tool.inputSchema.properties).toEqual({ unit: { type: "string", enum: ["km", "mi"], default: "mi" }, limit: { type: "number", default: 50 } });
  });

  test("leaves a property typed T | undefined out of required, as it does a parameter", () => {
    const tool = deriveOne(`@tool() f(options: Options): void {}`, `interface Options { label: string | undefined; size?: number; name: string }`);
    expect((tool.inputSchema.properties as Record<string, unknown> | undefined)?.["options"]).toEqual({
      type: "object",
      properties: { label: { type: "string" }, size: { type: "number" }, name: { type: "string" } },
      required: ["name"],
      additionalProperties: false,
    });
    expectArguments(tool, {
      accepts: [{ options: { name: "n" } }],
      rejects: [[{ options: {} }, ["options.name: missing required parameter (expected string)"]]],
    });
  });

  test("writes a union of template literal types as patterns, one per member", () => {
    const tool = deriveOne(`@tool() f(email: \`\${string}@\${string}.\${"com" | "org"}\`): void {}`);
    expect(tool.inputSchema.properties).toEqual({
      email: {
        anyOf: [
          { type: "string", pattern: "^(?:(?!@)[\\s\\S])*@[\\s\\S]*\\.com$" },
          { type: "string", pattern: "^(?:(?!@)[\\s\\S])*@[\\s\\S]*\\.org$" },
        ],
      },
    });
  });

  test("leaves a this parameter out of the schema and of the parameter plan", () => {
    const tool = deriveOne(`@tool() f(this: Fixture, x: number): void {}`);
    expect(tool.inputSchema).toEqual({ type: "object", properties: { x: { type: "number" } }, required: ["x"], additionalProperties: false });
    expect(tool.params).toEqual([{ from: "argument", name: "x" }]);
  });
});

describe("enums, descriptions and union errors", () => {
  test("lists keyof typeof keys in the order the object declares them", () => {
    const tool = deriveOne(`@tool() f(region: keyof typeof REGIONS): void {}`, `const REGIONS = { west: 1, east: 2, central: 3 };`);
    expect(tool.inputSchema.properties).toEqual({ region: { type: "string", enum: ["west", "east", "central"] } });
  });

  test("lists the values of (typeof X)[number] and (typeof X)[keyof typeof X] in the order X declares them", () => {
    const tool = deriveOne(
      `@tool() f(size: (typeof SIZES)[number], level: (typeof LEVELS)[keyof typeof LEVELS], tone: Tone, code: (typeof CODES)[number]): void {}`,
      `const SIZES = ["small", "medium", "large", "huge"] as const;
      const LEVELS = { low: "zeta", mid: "alpha", high: "mu" } as const;
      const TONES = ["warm", "cool", "neutral"] as const;
      type Tone = (typeof TONES)[number];
      const CODES = [30, 10, 20] as const;`,
    );
    expect(tool.inputSchema.properties).toEqual({
      size: { type: "string", enum: ["small", "medium", "large", "huge"] },
      level: { type: "string", enum: ["zeta", "alpha", "mu"] },
      tone: { type: "string", enum: ["warm", "cool", "neutral"] },
      code: { type: "integer", enum: [30, 10, 20] },
    });
  });

  test("keeps the descriptions of a type and its properties through Partial, Pick and Omit", () => {
    const tool = deriveOne(
      `@tool() f(patch: Partial<Profile>, name: Pick<Profile, "name">): void {}`,
      `/** A member's public profile. */
      interface Profile {
        /** Shown on every post. */
        name: string;
        /** In years. */
        age: number;
      }`,
    );
    expect(tool.inputSchema.properties).toEqual({
      patch: {
        type: "object",
        description: "A member's public profile.",
        properties: { name: { type: "string", description: "Shown on every post." }, age: { type: "number", description: "In years." } },
        additionalProperties: false,
      },
      name: {
        type: "object",
        description: "A member's public profile.",
        properties: { name: { type: "string", description: "Shown on every post." } },
        required: ["name"],
        additionalProperties: false,
      },
    });
  });

  test("types a numeric enum and a number literal union of integers as integer", () => {
    const tool = deriveOne(`@tool() f(level: Level, stars: 1 | 2 | 3, ratio: 0.5 | 1): void {}`, `enum Level { Low = 1, High = 2 }`);
    expect(tool.inputSchema.properties).toEqual({
      level: { type: "integer", enum: [1, 2] },
      stars: { type: "integer", enum: [1, 2, 3] },
      ratio: { type: "number", enum: [0.5, 1] },
    });
  });

  test("explains a wrong member of a recursive union by the branch it was closest to", () => {
    const tool = deriveOne(`@tool() f(expr: Expr): void {}`, `type Expr = { kind: "num"; value: number } | { kind: "add"; left: Expr; right: Expr };`);
    expectArguments(tool, {
      accepts: [{ expr: { kind: "add", left: { kind: "num", value: 1 }, right: { kind: "num", value: 2 } } }],
      rejects: [
        [{ expr: { kind: "add", left: { kind: "num", value: "1" }, right: { kind: "num", value: 2 } } }, ['expr.left.value: expected number, got string "1"']],
        [{ expr: { kind: "add", left: { kind: "num", value: 1 } } }, ["expr.right: missing required parameter (expected object)"]],
        [
          { expr: { kind: "mul", left: { kind: "num", value: 1 }, right: { kind: "num", value: 2 } } },
          ['expr.kind: expected one of "num", "add", got string "mul"'],
        ],
      ],
    });
  });

  test("explains a value matching no member of a plain union by the member it came closest to", () => {
    const tool = deriveOne(`@tool() f(contact: Contact): void {}`, `type Contact = { email: string } | { phone: string; country: string };`);
    expectArguments(tool, {
      rejects: [
        [
          { contact: { phone: "555" } },
          [
            'contact: matches none of the 2 allowed shapes; closest is the object with "phone", "country", which needs:',
            "contact.country: missing required parameter (expected string)",
          ],
        ],
        [
          { contact: { email: 5 } },
          ['contact: matches none of the 2 allowed shapes; closest is the object with "email", which needs:', "contact.email: expected string, got number 5"],
        ],
      ],
    });
    const mixed = deriveOne(`@tool() f(when: string | { from: string; to: string }): void {}`);
    expectArguments(mixed, {
      rejects: [
        [
          { when: { from: "a" } },
          [
            'when: matches none of the 2 allowed shapes; closest is the object with "from", "to", which needs:',
            "when.to: missing required parameter (expected string)",
          ],
        ],
      ],
    });
  });
});
