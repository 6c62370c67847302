import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { connect, type TestClient } from "typemcp/testing";
import { SampleTools } from "../fixtures/src/sample-tools.js";

// The vitest projects compile the fixtures once with TC39 decorators and once with
// experimentalDecorators + emitDecoratorMetadata (test/fixtures/tsconfig.*.json), through typemcp/vite.
describe(`a server compiled with ${process.env.DECORATORS}`, () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connect(new SampleTools());
  });
  afterAll(() => client.close());

  test("lists only decorated methods, in declaration order, under their tool names", async () => {
    const tools = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["echo", "describe_place", "chatty", "refuse", "crash", "slow", "noop"]);
    expect(tools.find((t) => t.name === "describe_place")?.title).toBe("Describe a place");
  });

  test("derives defaults, optional parameters and nested objects into the schema", async () => {
    expect((await client.tool("echo")).inputSchema).toEqual({
      type: "object",
      properties: {
        text: { type: "string", description: "The text to echo." },
        times: { type: "number", description: "How many times to repeat it.", default: 1 },
      },
      required: ["text"],
      additionalProperties: false,
    });
    const place = await client.tool("describe_place");
    expect(place.inputSchema.required).toEqual(["place", "when"]);
    expect(place.inputSchema.properties?.when).toEqual({ type: "string", format: "date-time", description: "When, as an ISO 8601 date-time." });
    expect(place.inputSchema.properties?.unit).toEqual({ type: "string", enum: ["km", "mi"], description: "Distance unit for the answer." });
  });

  test("applies a parameter default when the argument is left out", async () => {
    expect(await client.call("echo", { text: "hi" })).toBe("hi");
    expect(await client.call("echo", { text: "hi", times: 2 })).toBe("hi hi");
  });

  test("revives a Date argument and returns an object as structured content", async () => {
    const result = await client.callResult("describe_place", { place: { lat: 42.45, lon: -71.14 }, when: "2024-05-01T12:00:00Z", unit: "mi" });
    expect(result.structuredContent).toEqual({ summary: "42.45,-71.14", year: 2024, unit: "mi" });
    expect(JSON.parse(result.content?.[0]?.text ?? "")).toEqual(result.structuredContent);
  });

  test("rejects a malformed date-time and an extra nested property by path", async () => {
    const message = await client.callError("describe_place", { place: { lat: 1, lon: 2, alt: 3 }, when: "yesterday" });
    expect(message).toContain('- place.alt: unknown parameter; expected only "lat", "lon"');
    expect(message).toContain('- when: must match format "date-time", got string "yesterday"');
  });

  test("returns a ToolError's message as an isError result", async () => {
    expect(await client.callResult("refuse")).toEqual({ content: [{ type: "text", text: "Refused on purpose." }], isError: true });
  });

  test("returns an unexpected exception as an isError result and logs its stack", async () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      expect(await client.callError("crash")).toBe("RangeError: index 7 out of range");
      expect(stderr.mock.calls.map((c) => String(c[0])).join("")).toMatch(/tool "crash" threw an unexpected error:\nRangeError: index 7 out of range\n\s+at /);
    } finally {
      stderr.mockRestore();
    }
  });

  test("returns an empty result for a void tool", async () => {
    const result = await client.callResult("noop");
    expect(result.content).toEqual([]);
    expect(result.isError).toBeFalsy();
    expect(await client.call("noop")).toBeUndefined();
  });
});
