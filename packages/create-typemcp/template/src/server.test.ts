import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

// Starts the built server (npm test builds first) and talks to it as a host would, over stdio.
const client = new Client({ name: "test", version: "0.0.0" });

beforeAll(async () => {
  await client.connect(new StdioClientTransport({ command: "node", args: ["dist/server.js"] }));
});

afterAll(async () => {
  await client.close();
});

describe("greet", () => {
  test("is listed with the schema typemcp build derived from its types and JSDoc", async () => {
    const { tools } = await client.listTools();
    const greet = tools.find((t) => t.name === "greet");
    expect(greet?.description).toBe("Greet someone by name, in the language of your choice.");
    expect(greet?.inputSchema.required).toEqual(["name"]);
    expect(greet?.inputSchema.properties?.language).toMatchObject({ enum: ["en", "fr", "es"], default: "en" });
  });

  test("greets in the language asked for", async () => {
    const result = await client.callTool({ name: "greet", arguments: { name: "Ada", language: "fr", excited: true } });
    expect(result.structuredContent).toEqual({ result: "Bonjour, Ada!" });
  });

  test("returns the ToolError's message for an empty name", async () => {
    const result = await client.callTool({ name: "greet", arguments: { name: " " } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: "text", text: "Give a name to greet: it was empty." }]);
  });
});
