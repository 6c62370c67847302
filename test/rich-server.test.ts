import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fromRoot } from "./support/paths.js";
import { textOf } from "./support/stdio-client.js";

// One suite, run against the same class compiled with TC39 decorators and with
// experimentalDecorators + emitDecoratorMetadata.
describe.each([
  ["TC39 decorators", "test/fixtures/dist/tc39/rich.js"],
  ["experimentalDecorators", "test/fixtures/dist/legacy/rich.js"],
])("resources, prompts and context, built with %s", (_mode, script) => {
  let client: Client;
  const logs: Array<{ level: string; data: unknown }> = [];
  const toolListChanges: number[] = [];
  const updated: string[] = [];

  beforeAll(async () => {
    client = new Client({ name: "rich-tests", version: "0" }, { capabilities: { sampling: {}, elicitation: {} } });
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push({ level: n.params.level, data: n.params.data }));
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void toolListChanges.push(Date.now()));
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    client.setRequestHandler(CreateMessageRequestSchema, (request) => ({
      role: "assistant",
      model: "test-model",
      content: { type: "text", text: `you asked: ${(request.params.messages[0]?.content as { text: string }).text}` },
    }));
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: "accept", content: { name: "Ada" } }));
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [fromRoot(script)], cwd: os.tmpdir(), stderr: "pipe" }));
  });
  afterAll(() => client.close());

  test("declares resources, prompts, logging and completions", () => {
    expect(client.getServerCapabilities()).toMatchObject({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      logging: {},
      completions: {},
    });
  });

  test("lists static resources and URI templates with their JSDoc", async () => {
    expect((await client.listResources()).resources).toEqual([
      { uri: "config://app", name: "config", description: "The app's settings.", mimeType: "application/json" },
      { uri: "image://logo", name: "logo", description: "The logo, as PNG bytes.", mimeType: "image/png" },
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
      { uriTemplate: "note://{name}", name: "note", description: "A note, by name." },
      { uriTemplate: "archive://page/{page}", name: "archivePage", description: "Page `page` of the archive." },
    ]);
  });

  test("reads text, JSON and binary resources", async () => {
    expect((await client.readResource({ uri: "note://welcome" })).contents).toEqual([{ uri: "note://welcome", mimeType: "text/plain", text: "Hello there." }]);
    expect((await client.readResource({ uri: "config://app" })).contents).toEqual([
      { uri: "config://app", mimeType: "application/json", text: '{"version":"1.2.3","notes":2}' },
    ]);
    const [logo] = (await client.readResource({ uri: "image://logo" })).contents;
    expect(logo).toMatchObject({ uri: "image://logo", mimeType: "image/png" });
    expect(Buffer.from((logo as { blob: string }).blob, "base64").subarray(1, 4).toString()).toBe("PNG");
  });

  test("hands a template variable to the method as its declared type", async () => {
    expect((await client.readResource({ uri: "archive://page/2" })).contents[0]).toMatchObject({ text: "page 3 of the archive" });
    await expect(client.readResource({ uri: "archive://page/two" })).rejects.toThrow(/Invalid resource URI "archive:\/\/page\/two":\n- page: expected number, got string "two"/);
  });

  test("answers an unknown URI with the spec's resource-not-found error", async () => {
    await expect(client.readResource({ uri: "nothing://here" })).rejects.toThrow(/MCP error -32002: Resource not found: "nothing:\/\/here"\./);
  });

  test("answers a URI with a malformed percent-escape as not found", async () => {
    await expect(client.readResource({ uri: "note://%E0" })).rejects.toThrow(/MCP error -32002: Resource not found: "note:\/\/%E0"\./);
  });

  test("reports a resource method's ToolError as a JSON-RPC error", async () => {
    await expect(client.readResource({ uri: "note://missing" })).rejects.toThrow(/Reading "note:\/\/missing" failed: No note named "missing"\./);
  });

  test("completes a template variable from the method named in the decorator", async () => {
    const answer = await client.complete({ ref: { type: "ref/resource", uri: "note://{name}" }, argument: { name: "name", value: "we" } });
    expect(answer.completion).toEqual({ values: ["welcome", "weekly"], total: 2, hasMore: false });
  });

  test("lists prompts with arguments from the signature and @param", async () => {
    expect((await client.listPrompts()).prompts).toEqual([
      {
        name: "review",
        description: "Ask for a review of a topic.",
        arguments: [
          { name: "topic", description: "What to review.", required: true },
          { name: "tone", description: "How the review should sound.", required: false },
        ],
      },
      { name: "chat", title: "Chat starter", description: "A short conversation to start from.", arguments: [{ name: "question", description: "What the user asks.", required: true }] },
    ]);
  });

  test("renders a prompt from a string and from a list of messages", async () => {
    const review = await client.getPrompt({ name: "review", arguments: { topic: "the budget", tone: "casual" } });
    expect(review.messages).toEqual([{ role: "user", content: { type: "text", text: "Review the budget in a casual tone." } }]);
    const chat = await client.getPrompt({ name: "chat", arguments: { question: "Why?" } });
    expect(chat.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(chat.messages[1]?.content).toMatchObject({ type: "text", text: expect.stringMatching(/^Let me think about that \(request \d+\)\.$/) });
  });

  test("refuses a prompt without its required argument, naming it", async () => {
    await expect(client.getPrompt({ name: "review", arguments: {} })).rejects.toThrow(/MCP error -32602: Prompt "review" is missing required argument "topic"\./);
  });

  test("completes a prompt argument from its literal union type", async () => {
    const answer = await client.complete({ ref: { type: "ref/prompt", name: "review" }, argument: { name: "tone", value: "f" } });
    expect(answer.completion.values).toEqual(["formal"]);
  });

  test("sends progress notifications when the client asks for them", async () => {
    const seen: Array<{ progress: number; total?: number; message?: string }> = [];
    const result = await client.callTool({ name: "count", arguments: { to: 3 } }, undefined, { onprogress: (p) => void seen.push(p) });
    expect(result.structuredContent).toEqual({ result: 3 });
    expect(seen).toEqual([
      { progress: 1, total: 3, message: "counted 1" },
      { progress: 2, total: 3, message: "counted 2" },
      { progress: 3, total: 3, message: "counted 3" },
    ]);
  });

  test("filters log messages by the level the client set", async () => {
    await client.setLoggingLevel("warning");
    logs.length = 0;
    await client.callTool({ name: "chatter", arguments: {} });
    await expect.poll(() => logs.length).toBe(2);
    expect(logs).toEqual([
      { level: "warning", data: { message: "warning line", data: { detail: 1 } } },
      { level: "error", data: "error line" },
    ]);
  });

  test("fires the signal when the client cancels, and the tool stops", async () => {
    const abort = new AbortController();
    const call = client.callTool({ name: "waitOrCancel", arguments: { ms: 5000 } }, undefined, { signal: abort.signal });
    setTimeout(() => abort.abort("changed my mind"), 150);
    await expect(call).rejects.toThrow();
    await expect.poll(async () => (await client.callTool({ name: "wasCancelled", arguments: {} })).structuredContent).toEqual({ result: true });
  });

  test("reads its own resources through the context", async () => {
    expect(textOf(await client.callTool({ name: "readNote", arguments: { name: "weekly" } }))).toBe("Ship the release.");
  });

  test("tells subscribers when a resource changes", async () => {
    await client.subscribeResource({ uri: "note://weekly" });
    await client.callTool({ name: "setNote", arguments: { name: "weekly", text: "Ship it today." } });
    await expect.poll(() => updated).toContain("note://weekly");
    await client.callTool({ name: "setNote", arguments: { name: "welcome", text: "Hi." } });
    await client.unsubscribeResource({ uri: "note://weekly" });
    expect(updated).not.toContain("note://welcome");
  });

  test("hides a disabled tool and sends list_changed, then shows it again", async () => {
    const before = toolListChanges.length;
    await client.callTool({ name: "toggle", arguments: { name: "chatter", enabled: false } });
    await expect.poll(() => toolListChanges.length).toBe(before + 1);
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain("chatter");
    await expect(client.callTool({ name: "chatter", arguments: {} })).rejects.toThrow(/Unknown tool: "chatter"/);
    await client.callTool({ name: "toggle", arguments: { name: "chatter", enabled: true } });
    await expect.poll(() => toolListChanges.length).toBe(before + 2);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("chatter");
  });

  test("asks the client's model through sampling", async () => {
    expect(textOf(await client.callTool({ name: "ask", arguments: { question: "2+2?" } }))).toBe("test-model: you asked: 2+2?");
  });

  test("asks the user through elicitation", async () => {
    expect(textOf(await client.callTool({ name: "askName", arguments: {} }))).toBe("Hello, Ada");
  });

  test("returns image content as is, with no output schema", async () => {
    const picture = (await client.listTools()).tools.find((t) => t.name === "picture");
    expect(picture?.outputSchema).toBeUndefined();
    const result = await client.callTool({ name: "picture", arguments: {} });
    expect(result.content).toEqual([
      { type: "image", data: expect.stringMatching(/^iVBOR/), mimeType: "image/png" },
      { type: "text", text: "a single transparent pixel" },
    ]);
  });

  test("leaves the Context parameter out of every schema", async () => {
    const count = (await client.listTools()).tools.find((t) => t.name === "count");
    expect(count?.inputSchema).toEqual({
      type: "object",
      properties: { to: { type: "number", description: "Where to stop." } },
      required: ["to"],
      additionalProperties: false,
    });
  });
});
