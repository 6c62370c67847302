import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fromRoot } from "./support/paths.js";
import { connectToServer, textOf, type StdioSession } from "./support/stdio-client.js";

// One suite, run against the same class compiled with TC39 decorators and with
// experimentalDecorators + emitDecoratorMetadata.
describe.each([
  ["TC39 decorators", "test/fixtures/dist/tc39/tc39.js"],
  ["experimentalDecorators", "test/fixtures/dist/legacy/legacy.js"],
])("a server built with %s", (_mode, script) => {
  let session: StdioSession;
  beforeAll(async () => {
    session = await connectToServer(fromRoot(script));
  });
  afterAll(() => session.close());

  test("lists only decorated methods, in declaration order, under their tool names", async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["echo", "describe_place", "chatty", "refuse", "crash", "slow", "noop"]);
    expect(tools.find((t) => t.name === "describe_place")?.title).toBe("Describe a place");
  });

  test("derives defaults, optional parameters and nested objects into the schema", async () => {
    const { tools } = await session.client.listTools();
    expect(tools.find((t) => t.name === "echo")?.inputSchema).toEqual({
      type: "object",
      properties: {
        text: { type: "string", description: "The text to echo." },
        times: { type: "number", description: "How many times to repeat it.", default: 1 },
      },
      required: ["text"],
      additionalProperties: false,
    });
    const place = tools.find((t) => t.name === "describe_place")!;
    expect(place.inputSchema.required).toEqual(["place", "when"]);
    expect(place.inputSchema.properties?.when).toEqual({
      type: "string",
      format: "date-time",
      description: "When, as an ISO 8601 date-time.",
    });
    expect(place.inputSchema.properties?.unit).toEqual({
      type: "string",
      enum: ["km", "mi"],
      description: "Distance unit for the answer.",
    });
  });

  test("applies a parameter default when the argument is left out", async () => {
    const result = await session.client.callTool({ name: "echo", arguments: { text: "hi" } });
    expect(textOf(result)).toBe("hi");
    const twice = await session.client.callTool({ name: "echo", arguments: { text: "hi", times: 2 } });
    expect(textOf(twice)).toBe("hi hi");
  });

  test("revives a Date argument and returns an object as structured content", async () => {
    const result = await session.client.callTool({
      name: "describe_place",
      arguments: { place: { lat: 42.45, lon: -71.14 }, when: "2024-05-01T12:00:00Z", unit: "mi" },
    });
    expect(result.structuredContent).toEqual({ summary: "42.45,-71.14", year: 2024, unit: "mi" });
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  });

  test("rejects a malformed date-time and an extra nested property by path", async () => {
    const result = await session.client.callTool({
      name: "describe_place",
      arguments: { place: { lat: 1, lon: 2, alt: 3 }, when: "yesterday" },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('- place.alt: unknown parameter; expected only "lat", "lon"');
    expect(textOf(result)).toContain('- when: must match format "date-time", got string "yesterday"');
  });

  test("sends a tool's console output to stderr, never into the protocol stream", async () => {
    const result = await session.client.callTool({ name: "chatty", arguments: {} });
    expect(textOf(result)).toBe("done");
    await expect.poll(() => session.stderr()).toContain("this line must not reach stdout");
    expect(session.stderr()).toContain("neither must this one");
  });

  test("returns a ToolError's message as an isError result", async () => {
    const result = await session.client.callTool({ name: "refuse", arguments: {} });
    expect(result).toEqual({ content: [{ type: "text", text: "Refused on purpose." }], isError: true });
  });

  test("returns an unexpected exception as an isError result and logs its stack", async () => {
    const result = await session.client.callTool({ name: "crash", arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("RangeError: index 7 out of range");
    await expect.poll(() => session.stderr()).toMatch(/tool "crash" threw an unexpected error:\nRangeError: index 7 out of range\n\s+at /);
  });

  test("returns an empty result for a void tool", async () => {
    const result = await session.client.callTool({ name: "noop", arguments: {} });
    expect(result.content).toEqual([]);
    expect(result.isError).toBeFalsy();
  });
});
