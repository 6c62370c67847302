import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { connect, type TestClient } from "typemcp/testing";
import { FidelityTools } from "../fixtures/src/fidelity-tools.js";
import { textOf } from "../support/stdio-client.js";

// Round two: nominal types, bytes, URLs, recursive revival, constant defaults, patterns, `this`,
// unions inside $refs, and the output contract; the same class compiled in both decorator modes
// (the vitest projects run this file with each, through typemcp/vite).
describe(`schema fidelity with ${process.env.DECORATORS}`, () => {
  let client: TestClient;
  let schemas: Record<string, { inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> }>;
  beforeAll(async () => {
    client = await connect(new FidelityTools());
    schemas = Object.fromEntries((await client.listTools()).map((t) => [t.name, t]));
  });
  afterAll(() => client.close());

  // The SDK's client validates every structuredContent against the tool's outputSchema: a call
  // whose result broke its schema would reject here instead of resolving.
  const call = (name: string, args: Record<string, unknown>) => client.callResult(name, args);
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
    expect(result.structuredContent).toEqual({
      length: 3,
      dataIsUint8Array: true,
      fileIsBuffer: true,
      echo: "AQID",
      upper: Buffer.from("HI").toString("base64"),
    });
    expect(textOf(await call("bytes", { data: "AQID!", file: "" }))).toBe(
      'Invalid arguments for tool "bytes":\n- data: expected bytes as base64 text, got string "AQID!"',
    );
  });

  test("takes a URL as a uri string, handing the method a URL, and sends one back as text", async () => {
    expect(schemas.link?.inputSchema.properties).toEqual({ site: { type: "string", format: "uri" } });
    expect((await call("link", { site: "https://example.com/a/b?c=1" })).structuredContent).toEqual({
      isUrl: true,
      host: "example.com",
      home: "https://example.com/",
    });
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

  test("checks a template literal as TypeScript does and lets a T | undefined property be left out", async () => {
    expect((schemas.release?.inputSchema.properties as Record<string, unknown>).options).toEqual({
      type: "object",
      description: "How to label a release.",
      properties: { label: { type: "string", description: "Shown in the changelog." }, name: { type: "string" } },
      required: ["name"],
      additionalProperties: false,
    });
    // A bare string result travels as its text alone.
    expect(await call("release", { version: "v1.5", options: { name: "spring" } })).toEqual({ content: [{ type: "text", text: "v1.5 spring" }] });
    expect(textOf(await call("release", { version: "v-2", options: { name: "x", label: "beta" } }))).toBe("v-2 x (beta)");
    // tsc assigns "v007" to `v${number}` (+"007" is a finite number), and not "v" or "vNaN".
    expect(textOf(await call("release", { version: "v007", options: { name: "x" } }))).toBe("v007 x");
    for (const version of ["v", "vNaN"]) {
      const wrong = await call("release", { version, options: { name: "x" } });
      expect(textOf(wrong)).toMatch(/^Invalid arguments for tool "release":\n- version: must match pattern "\^v\(\?:/);
    }
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
    ["map", "- count: a Map with a number key, which JSON cannot carry; key it by text"],
  ])("turns a %s result that breaks the output schema into a tool error saying what was wrong", async (how, line) => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const result = await call("broken", { how });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(textOf(result)).toBe(`The tool "broken" returned a result it cannot send, so the call failed:\n${line}`);
      expect(stderr.mock.calls.map((c) => String(c[0])).join("")).toContain(`[typemcp] The tool "broken" returned a result it cannot send`);
    } finally {
      stderr.mockRestore();
    }
  });
});
