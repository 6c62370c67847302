import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connect, type TestClient } from "typemcp/testing";
import { Greeter } from "./greeter.js";

// An MCP client connected to the server in memory: real JSON-RPC, and the schemas typemcp build
// would derive (vitest.config.ts compiles the source with typemcp/vite).
describe("Greeter", () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connect(new Greeter());
  });
  afterAll(() => client.close());

  test("lists greet with the schema its types and JSDoc give it", async () => {
    const [greet] = await client.listTools();
    expect(greet).toMatchObject({
      name: "greet",
      description: "Greet someone by name, in the language of your choice.",
      inputSchema: { required: ["name"], properties: { language: { enum: ["en", "fr", "es"], default: "en" } } },
    });
  });

  test("greets in the language asked for", async () => {
    expect(await client.call("greet", { name: "Ada", language: "fr", excited: true })).toBe("Bonjour, Ada!");
  });

  test("answers an empty name with the ToolError's message", async () => {
    expect(await client.callError("greet", { name: " " })).toBe("Give a name to greet: it was empty.");
  });

  test("ends with the sign-off it was configured with", async () => {
    const configured = await connect(new Greeter({ signOff: "Welcome to the front desk." }));
    try {
      expect(await configured.call("greet", { name: "Ada" })).toBe("Hello, Ada. Welcome to the front desk.");
    } finally {
      await configured.close();
    }
  });
});
