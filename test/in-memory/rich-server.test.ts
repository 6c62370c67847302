import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createServer } from "typemcp";
import { connect, type TestClient } from "typemcp/testing";
import { RichTools } from "../fixtures/src/rich-tools.js";

// The vitest projects compile the fixtures once with TC39 decorators and once with
// experimentalDecorators + emitDecoratorMetadata (test/fixtures/tsconfig.*.json), through typemcp/vite.
describe(`resources, prompts and context, compiled with ${process.env.DECORATORS}`, () => {
  let client: TestClient;
  const notified = (method: string) => client.notifications.filter((n) => n.method === method);

  beforeAll(async () => {
    const tools = new RichTools();
    const server = createServer(tools, { name: "rich", version: "0.0.1" });
    tools.onNoteChanged = (uri) => server.resourceUpdated(uri);
    tools.onToggle = (name, enabled) => (enabled ? server.tools.enable(name) : server.tools.disable(name));
    client = await connect(server, {
      onSample: (request) => ({
        role: "assistant",
        model: "test-model",
        content: { type: "text", text: `you asked: ${(request.messages[0]?.content as { text: string }).text}` },
      }),
      onElicit: () => ({ action: "accept", content: { name: "Ada" } }),
    });
  });
  afterAll(() => client.close());

  test("declares resources, prompts, logging and completions", () => {
    expect(client.server.capabilities).toMatchObject({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      logging: {},
      completions: {},
    });
  });

  test("lists static resources and URI templates with their JSDoc", async () => {
    expect(await client.listResources()).toEqual([
      { uri: "config://app", name: "config", description: "The app's settings.", mimeType: "application/json" },
      { uri: "image://logo", name: "logo", description: "The logo, as PNG bytes.", mimeType: "image/png" },
    ]);
    expect(await client.listResourceTemplates()).toEqual([
      { uriTemplate: "note://{name}", name: "note", description: "A note, by name." },
      { uriTemplate: "archive://page/{page}", name: "archivePage", description: "Page `page` of the archive." },
    ]);
  });

  test("reads text, JSON and binary resources", async () => {
    expect(await client.readResource("note://welcome")).toEqual([{ uri: "note://welcome", mimeType: "text/plain", text: "Hello there." }]);
    expect(JSON.parse(await client.readText("config://app"))).toEqual({ version: "1.2.3", notes: 2 });
    const [logo] = await client.readResource("image://logo");
    expect(logo).toMatchObject({ uri: "image://logo", mimeType: "image/png" });
    expect(
      Buffer.from((logo as { blob: string }).blob, "base64")
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
  });

  test("hands a template variable to the method as its declared type", async () => {
    expect(await client.readText("archive://page/2")).toBe("page 3 of the archive");
    await expect(client.readResource("archive://page/two")).rejects.toThrow(
      /Invalid resource URI "archive:\/\/page\/two":\n- page: expected number, got string "two"/,
    );
  });

  test("answers an unknown URI or a malformed percent-escape with the spec's resource-not-found error", async () => {
    await expect(client.readResource("nothing://here")).rejects.toThrow(/MCP error -32602: Resource not found: "nothing:\/\/here"\./);
    await expect(client.readResource("note://%E0")).rejects.toThrow(/MCP error -32602: Resource not found: "note:\/\/%E0"\./);
  });

  test("reports a resource method's ToolError as a JSON-RPC error", async () => {
    await expect(client.readResource("note://missing")).rejects.toThrow(/Reading "note:\/\/missing" failed: No note named "missing"\./);
  });

  test("completes a template variable from the method named in the decorator", async () => {
    expect(await client.complete({ resource: "note://{name}" }, "name", "we")).toEqual({ values: ["welcome", "weekly"], total: 2, hasMore: false });
  });

  test("lists prompts with arguments from the signature and @param", async () => {
    expect(await client.listPrompts()).toEqual([
      {
        name: "review",
        description: "Ask for a review of a topic.",
        arguments: [
          { name: "topic", description: "What to review.", required: true },
          { name: "tone", description: "How the review should sound.", required: false },
        ],
      },
      {
        name: "chat",
        title: "Chat starter",
        description: "A short conversation to start from.",
        arguments: [{ name: "question", description: "What the user asks.", required: true }],
      },
    ]);
  });

  test("renders a prompt from a string and from a list of messages", async () => {
    const review = await client.getPrompt("review", { topic: "the budget", tone: "casual" });
    expect(review.messages).toEqual([{ role: "user", content: { type: "text", text: "Review the budget in a casual tone." } }]);
    const chat = await client.getPrompt("chat", { question: "Why?" });
    expect(chat.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(chat.messages[1]?.content).toMatchObject({ type: "text", text: expect.stringMatching(/^Let me think about that \(request \d+\)\.$/) });
  });

  test("refuses a prompt without its required argument, naming it", async () => {
    await expect(client.getPrompt("review")).rejects.toThrow(/MCP error -32602: Prompt "review" is missing required argument "topic"\./);
  });

  test("completes a prompt argument from its literal union type", async () => {
    expect((await client.complete({ prompt: "review" }, "tone", "f")).values).toEqual(["formal"]);
  });

  test("sends progress notifications when the client asks for them", async () => {
    const seen: unknown[] = [];
    expect(await client.call("count", { to: 3 }, { onProgress: (p) => void seen.push(p) })).toBe(3);
    expect(seen).toEqual([
      { progress: 1, total: 3, message: "counted 1" },
      { progress: 2, total: 3, message: "counted 2" },
      { progress: 3, total: 3, message: "counted 3" },
    ]);
  });

  test("filters log messages by the level the client set", async () => {
    await client.setLogLevel("warning");
    client.logs.length = 0;
    await client.call("chatter");
    await expect.poll(() => client.logs.length).toBe(2);
    expect(client.logs.map(({ level, data }) => ({ level, data }))).toEqual([
      { level: "warning", data: { message: "warning line", data: { detail: 1 } } },
      { level: "error", data: "error line" },
    ]);
  });

  test("fires the signal when the client cancels, and the tool stops", async () => {
    const abort = new AbortController();
    const call = client.call("waitOrCancel", { ms: 60_000 }, { signal: abort.signal });
    // The request is on its way in memory; cancelling now reaches a tool that is waiting.
    await new Promise((resolve) => setImmediate(resolve));
    abort.abort("changed my mind");
    await expect(call).rejects.toThrow(/changed my mind/);
    await expect.poll(() => client.call("wasCancelled")).toBe(true);
  });

  test("reads its own resources through the context", async () => {
    expect(await client.call("readNote", { name: "weekly" })).toBe("Ship the release.");
  });

  test("tells subscribers when a resource changes", async () => {
    await client.subscribe("note://weekly");
    await client.call("setNote", { name: "weekly", text: "Ship it today." });
    await expect.poll(() => notified("notifications/resources/updated").map((n) => n.params?.uri)).toContain("note://weekly");
    await client.call("setNote", { name: "welcome", text: "Hi." });
    expect(notified("notifications/resources/updated").map((n) => n.params?.uri)).not.toContain("note://welcome");
  });

  // The change arrives before the reply of the call that made it, so a host that lists the tools
  // again before its next model request offers the new list (no waiting for a notification).
  test("hides a disabled tool and sends list_changed before the reply, then shows it again", async () => {
    const before = notified("notifications/tools/list_changed").length;
    await client.call("toggle", { name: "chatter", enabled: false });
    expect(notified("notifications/tools/list_changed").length).toBe(before + 1);
    expect((await client.listTools()).map((t) => t.name)).not.toContain("chatter");
    await expect(client.call("chatter")).rejects.toThrow(/Unknown tool: "chatter"/);
    await client.call("toggle", { name: "chatter", enabled: true });
    expect(notified("notifications/tools/list_changed").length).toBe(before + 2);
    expect((await client.listTools()).map((t) => t.name)).toContain("chatter");
  });

  test("asks the client's model through sampling", async () => {
    expect(await client.call("ask", { question: "2+2?" })).toBe("test-model: you asked: 2+2?");
  });

  test("asks the user through elicitation", async () => {
    expect(await client.call("askName")).toBe("Hello, Ada");
  });

  test("returns image content as is, with no output schema", async () => {
    expect((await client.tool("picture")).outputSchema).toBeUndefined();
    expect(await client.call("picture")).toEqual([
      { type: "image", data: expect.stringMatching(/^iVBOR/), mimeType: "image/png" },
      { type: "text", text: "a single transparent pixel" },
    ]);
  });

  test("leaves the Context parameter out of every schema", async () => {
    expect((await client.tool("count")).inputSchema).toEqual({
      type: "object",
      properties: { to: { type: "number", description: "Where to stop." } },
      required: ["to"],
      additionalProperties: false,
    });
  });
});
