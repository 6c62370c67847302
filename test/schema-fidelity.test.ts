import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fromRoot } from "./support/paths.js";
import { connectToServer, textOf, type StdioSession } from "./support/stdio-client.js";

// The typed fixture's tools report the JavaScript types their arguments arrived as, so these
// tests see, over real stdio, that each method received a value of its declared type.
describe("schema fidelity end to end", () => {
  let session: StdioSession;
  beforeAll(async () => {
    session = await connectToServer(fromRoot("test/fixtures/dist/tc39/typed.js"));
  });
  afterAll(() => session.close());

  const call = async (name: string, args: Record<string, unknown>) => session.client.callTool({ name, arguments: args });

  test("lists schemas with integers, records, sets and discriminated unions as derived", async () => {
    const { tools } = await session.client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.page?.inputSchema).toEqual({
      type: "object",
      properties: {
        page: { type: "integer", description: "Which page, from 1." },
        size: { type: "integer", description: "Items per page.", default: 10 },
      },
      required: ["page"],
      additionalProperties: false,
    });
    expect(byName.tally?.inputSchema.properties).toEqual({
      scores: { type: "object", additionalProperties: { type: "number" } },
      tags: { type: "array", items: { type: "string" }, uniqueItems: true },
      days: { type: "array", items: { type: "string", format: "date-time" }, uniqueItems: true },
    });
    expect((byName.area?.inputSchema.properties?.shape as { oneOf?: unknown[] }).oneOf).toHaveLength(2);
    expect(byName.nickname?.outputSchema).toEqual({
      type: "object",
      properties: { result: { type: ["string", "null"] } },
      required: ["result"],
      additionalProperties: false,
      description: "The nickname, or null when there is none.",
    });
  });

  test("hands the method Date instances, at the top level and nested in arrays", async () => {
    const result = await call("schedule", { at: "2024-05-01T12:00:00Z", trip: { stops: [{ name: "a", eta: "2024-05-01T13:00:00Z" }] } });
    expect(result.structuredContent).toEqual({ atIsDate: true, atIso: "2024-05-01T12:00:00.000Z", etasAreDates: true });
  });

  test("hands the method a number for an Int and rejects a fraction before it runs", async () => {
    expect((await call("page", { page: 3 })).structuredContent).toEqual({ typeofPage: "number", offset: 20 });
    const rejected = await call("page", { page: 1.5 });
    expect(rejected.isError).toBe(true);
    expect(textOf(rejected)).toBe('Invalid arguments for tool "page":\n- page: expected integer, got number 1.5');
  });

  test("hands the method a record, a Set and a Set of Dates", async () => {
    const result = await call("tally", { scores: { ann: 2, bob: 3 }, tags: ["x", "y"], days: ["2024-01-01T00:00:00Z"] });
    expect(result.structuredContent).toEqual({ total: 5, tagsIsSet: true, daysAreDates: true });
    const duplicate = await call("tally", { scores: {}, tags: ["x", "x"], days: [] });
    expect(textOf(duplicate)).toBe('Invalid arguments for tool "tally":\n- tags: expected unique items, but [0] and [1] are equal');
  });

  test("checks a discriminated union and names the discriminant a wrong call missed", async () => {
    expect((await call("area", { shape: { kind: "square", side: 3 } })).structuredContent).toEqual({ result: 9 });
    const wrong = await call("area", { shape: { kind: "hexagon", side: 3 } });
    expect(textOf(wrong)).toBe('Invalid arguments for tool "area":\n- shape.kind: expected one of "circle", "square", got string "hexagon"');
  });

  test("parses an object or array argument a host sent as a JSON string", async () => {
    const result = await call("locate", { place: '{"lat": 1, "lon": 2}', path: "[[0, 0], [1, 1]]" });
    expect(result.structuredContent).toEqual({ placeIsObject: true, points: 2 });
  });

  test("takes a destructured parameter's properties as the arguments, applying its defaults", async () => {
    expect((await call("search", { query: "q" })).structuredContent).toEqual({ query: "q", limit: 10, order: "newest" });
    const { tools } = await session.client.listTools();
    expect(tools.find((t) => t.name === "search")?.inputSchema).toEqual({
      type: "object",
      properties: {
        query: { type: "string" },
        limit: { type: "integer", default: 10 },
        order: { type: "string", enum: ["newest", "oldest"], default: "newest" },
      },
      required: ["query"],
      additionalProperties: false,
    });
  });

  test("keeps a recursive type as a $ref into $defs under its plain name", async () => {
    const { tools } = await session.client.listTools();
    const schema = tools.find((t) => t.name === "count")?.inputSchema as Record<string, unknown>;
    expect(schema.properties).toEqual({ outline: { $ref: "#/$defs/Outline", description: "A heading and the headings under it." } });
    expect(Object.keys(schema.$defs as object)).toEqual(["Outline"]);
    const tree = { title: "a", children: [{ title: "b", children: [] }, { title: "c", children: [] }] };
    expect((await call("count", { outline: tree })).structuredContent).toEqual({ result: 3 });
  });

  test("sends a missing result as null, which the output schema allows", async () => {
    expect((await call("nickname", { name: null })).structuredContent).toEqual({ result: null });
    expect((await call("nickname", { name: "Robert" })).structuredContent).toEqual({ result: "Bob" });
  });
});

// Round two: nominal types, bytes, URLs, recursive revival, constant defaults, patterns, `this`,
// unions inside $refs, and the output contract; the same class built in both decorator modes.
describe.each([
  ["TC39 decorators", "test/fixtures/dist/tc39/fidelity-tc39.js"],
  ["experimentalDecorators", "test/fixtures/dist/legacy/fidelity-legacy.js"],
])("schema fidelity end to end with %s", (_mode, script) => {
  let session: StdioSession;
  let schemas: Record<string, { inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> }>;
  beforeAll(async () => {
    session = await connectToServer(fromRoot(script));
    schemas = Object.fromEntries((await session.client.listTools()).tools.map((t) => [t.name, t]));
  });
  afterAll(() => session.close());

  // The SDK's client validates every structuredContent against the tool's outputSchema: a call
  // whose result broke its schema would reject here instead of resolving.
  const call = async (name: string, args: Record<string, unknown>) => session.client.callTool({ name, arguments: args });
  const base64 = { type: "string", contentEncoding: "base64", pattern: "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$" };

  test("takes a branded id as a string and an open string union as any string, listing the known values", async () => {
    expect(schemas.identify?.inputSchema.properties).toEqual({
      id: { type: "string", description: "A user's id, as issued at sign-up." },
      size: { type: "string", description: 'How big. Known values: "small", "large"; any other string is accepted too.' },
    });
    expect((await call("identify", { id: "u-7", size: "gigantic" })).structuredContent).toEqual({ id: "u-7", idType: "string", size: "gigantic" });
    const wrong = await call("identify", { id: { __brand: "UserId" }, size: "small" });
    expect(textOf(wrong)).toBe('Invalid arguments for tool "identify":\n- id: expected string, got an object');
  });

  test("takes and sends bytes as base64, handing the method a Uint8Array and a Buffer", async () => {
    expect(schemas.bytes?.inputSchema.properties).toEqual({ data: base64, file: base64 });
    expect((schemas.bytes?.outputSchema?.properties as Record<string, unknown>).echo).toEqual(base64);
    const result = await call("bytes", { data: "AQID", file: Buffer.from("hi").toString("base64") });
    expect(result.structuredContent).toEqual({ length: 3, dataIsUint8Array: true, fileIsBuffer: true, echo: "AQID", upper: Buffer.from("HI").toString("base64") });
    expect(textOf(await call("bytes", { data: "AQID!", file: "" }))).toBe('Invalid arguments for tool "bytes":\n- data: expected bytes as base64 text, got string "AQID!"');
  });

  test("takes a URL as a uri string, handing the method a URL, and sends one back as text", async () => {
    expect(schemas.link?.inputSchema.properties).toEqual({ site: { type: "string", format: "uri" } });
    expect((await call("link", { site: "https://example.com/a/b?c=1" })).structuredContent).toEqual({ isUrl: true, host: "example.com", home: "https://example.com/" });
    expect((await call("link", { site: "not a url" })).isError).toBe(true);
  });

  test("revives Dates at every depth of a recursive type and sends a Date back as ISO text", async () => {
    const at = (day: number) => `2024-01-0${day}T00:00:00.000Z`;
    const root = { name: "a", modified: at(1), children: [{ name: "b", modified: at(2), children: [{ name: "c", modified: at(3), children: [] }] }] };
    expect((await call("newest", { root })).structuredContent).toEqual({ allDates: true, newest: at(3) });
  });

  test("shows enum-member and constant defaults, leaves `this` out, and applies the defaults", async () => {
    expect(schemas.convert?.inputSchema).toEqual({
      type: "object",
      properties: { distance: { type: "number" }, unit: { type: "string", enum: ["km", "mi"], default: "km" }, limit: { type: "number", default: 20 } },
      required: ["distance"],
      additionalProperties: false,
    });
    expect((await call("convert", { distance: 2 })).structuredContent).toEqual({ km: 2, unit: "km", limit: 20, thisIsTools: true });
  });

  test("checks a template literal by JSON number syntax and lets a T | undefined property be left out", async () => {
    expect((schemas.release?.inputSchema.properties as Record<string, unknown>).options).toEqual({
      type: "object",
      description: "How to label a release.",
      properties: { label: { type: "string", description: "Shown in the changelog." }, name: { type: "string" } },
      required: ["name"],
      additionalProperties: false,
    });
    expect((await call("release", { version: "v1.5", options: { name: "spring" } })).structuredContent).toEqual({ result: "v1.5 spring" });
    expect((await call("release", { version: "v-2", options: { name: "x", label: "beta" } })).structuredContent).toEqual({ result: "v-2 x (beta)" });
    const wrong = await call("release", { version: "v", options: { name: "x" } });
    expect(textOf(wrong)).toMatch(/^Invalid arguments for tool "release":\n- version: must match pattern "\^v-\?/);
  });

  test("names the wrong value deep inside a recursive union, not the union as a whole", async () => {
    const expr = { kind: "add", left: { kind: "num", value: 1 }, right: { kind: "add", left: { kind: "num", value: 2 }, right: { kind: "num", value: "3" } } };
    expect(textOf(await call("evaluate", { expr }))).toBe('Invalid arguments for tool "evaluate":\n- expr.right.right.value: expected number, got string "3"');
    expect((await call("evaluate", { expr: { ...expr, right: { kind: "num", value: 3 } } })).structuredContent).toEqual({ result: 4 });
  });

  test("lists keyof typeof keys in source order and an integer enum as integer", async () => {
    expect(schemas.pick?.inputSchema.properties).toEqual({
      region: { type: "string", enum: ["west", "east", "central"] },
      level: { type: "integer", enum: [1, 2] },
    });
  });

  test("sends a returned Set as an array", async () => {
    expect(schemas.distinct?.outputSchema?.properties).toEqual({ result: { type: "array", items: { type: "string" }, uniqueItems: true } });
    const result = await call("distinct", { words: ["a", "b", "a"] });
    expect(result.structuredContent).toEqual({ result: ["a", "b"] });
    expect(textOf(result)).toBe('["a","b"]');
  });

  test.each([
    ["infinity", "- count: the result is too large to represent (Infinity): JSON numbers must be finite"],
    ["nan", "- count: the result is not a number (NaN), which JSON cannot carry"],
    ["string-for-number", '- count: expected number, got string "3"'],
    ["missing", "- count: missing required property (expected number)"],
    ["map", "- count: a Map, which JSON cannot carry; return a plain object"],
  ])("turns a %s result that breaks the output schema into a tool error saying what was wrong", async (how, line) => {
    const result = await call("broken", { how });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toBe(`The tool "broken" returned a result it cannot send, so the call failed:\n${line}`);
    await expect.poll(() => session.stderr()).toContain(`[typemcp] The tool "broken" returned a result it cannot send`);
  });
});
