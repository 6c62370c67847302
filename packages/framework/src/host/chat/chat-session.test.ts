import { describe, expect, test } from "vitest";
import { HostError } from "../../errors/host-error.js";
import type { McpTool } from "../mcp-tool.js";
import type { ModelAdapter, ModelRequest, ModelTurn } from "../models/model-adapter.js";
import type { ChatEvent } from "./chat-events.js";
import { ChatSession, type ChatServer } from "./chat-session.js";

const NOTE: McpTool = {
  name: "write",
  description: "Write a note. It is kept.",
  inputSchema: { type: "object", properties: { text: { type: "string", minLength: 1 } }, required: ["text"], additionalProperties: false },
};
const READ: McpTool = { name: "read", description: "Read the notes.", inputSchema: { type: "object", properties: {} }, annotations: { readOnlyHint: true } };

function notesServer(trust?: ChatServer["trust"]): ChatServer & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    name: "notes",
    ...(trust && { trust }),
    tools: [NOTE, READ],
    calls,
    call: async (tool, args) => (calls.push({ tool, args }), { content: [{ type: "text", text: `${tool} ok` }] }),
  };
}

function model(turns: Array<ModelTurn | Error>): ModelAdapter & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    provider: "anthropic",
    toolFormat: "anthropic",
    model: "scripted",
    requests,
    check: async () => {},
    complete: async (request) => {
      requests.push({ ...request, messages: [...request.messages] });
      const turn = turns[Math.min(requests.length - 1, turns.length - 1)]!;
      if (turn instanceof Error) throw turn;
      return turn;
    },
  };
}

const call = (id: string, name: string, args: unknown) => ({ id, name, arguments: args });

describe("ChatSession", () => {
  test("asks consent once for a tool answered 'always', and never for a read-only one of a trusted server", async () => {
    const server = notesServer("read-only");
    const asked: string[] = [];
    const chat = new ChatSession({
      servers: [server],
      model: model([
        { text: "", calls: [call("1", "notes__write", { text: "a" }), call("2", "notes__read", {}), call("3", "notes__write", { text: "b" })] },
        { text: "Done.", calls: [] },
      ]),
      consent: ({ qualifiedName }) => (asked.push(qualifiedName), "always"),
    });
    expect(await chat.send("Write twice.")).toEqual({ answer: "Done.", steps: 2 });
    expect(asked).toEqual(["notes__write"]);
    expect(server.calls).toEqual([
      { tool: "write", args: { text: "a" } },
      { tool: "read", args: {} },
      { tool: "write", args: { text: "b" } },
    ]);
  });

  test("refuses a tool not marked read-only when no consent callback is given", async () => {
    const server = notesServer();
    const events: ChatEvent[] = [];
    const chat = new ChatSession({
      servers: [server],
      model: model([
        { text: "", calls: [call("1", "notes__write", { text: "a" })] },
        { text: "Refused.", calls: [] },
      ]),
      onEvent: (e) => events.push(e),
    });
    await chat.send("Write.");
    expect(server.calls).toEqual([]);
    expect(events).toContainEqual({
      type: "decision",
      id: "1",
      decision: "refused",
      by: "consent",
      reason: "The host refused to call notes__write: there is no one to approve it.",
    });
  });

  test("ends the turn after three invalid calls, none of them sent", async () => {
    const server = notesServer();
    const events: ChatEvent[] = [];
    const chat = new ChatSession({
      servers: [server],
      model: model([{ text: "", calls: [call("x", "notes__write", { text: "" })] }]),
      consent: () => "yes",
      onEvent: (e) => events.push(e),
    });
    expect(await chat.send("Write nothing.")).toEqual({ stopped: "invalid-limit", steps: 3 });
    expect(server.calls).toEqual([]);
    expect(events.at(-1)).toEqual({
      type: "stopped",
      reason: "invalid-limit",
      message: "Stopped: the model proposed 3 calls with invalid arguments in this turn (the limit is 3).",
    });
  });

  test("with lazyTools, offers a search and a loader, lists no tool up front, and offers a tool once loaded", async () => {
    const scripted = model([
      { text: "", calls: [call("0", "find_tools", { query: "read notes" })] },
      { text: "", calls: [call("1", "get_tool_schema", { name: "notes__nope" })] },
      { text: "", calls: [call("2", "get_tool_schema", { name: "notes__read" })] },
      { text: "Loaded.", calls: [] },
    ]);
    const events: ChatEvent[] = [];
    const chat = new ChatSession({ servers: [notesServer()], model: scripted, lazyTools: true, onEvent: (e) => events.push(e) });
    await chat.send("Read.");
    const names = scripted.requests.map((r) => (r.tools as Array<{ name: string }>).map((t) => t.name));
    const meta = ["find_tools", "get_tool_schema"];
    expect(names).toEqual([meta, meta, meta, [...meta, "notes__read"]]);
    expect(JSON.stringify(scripted.requests[0]!.tools)).not.toContain("notes__");
    const found = events.find((e) => e.type === "result" && e.id === "0");
    expect(found).toMatchObject({ isError: false, text: "notes__read: Read the notes." });
  });

  test("counts on from the usage of the conversation it resumes", async () => {
    const scripted = model([{ text: "Again.", calls: [], usage: { inputTokens: 5, outputTokens: 1 } }]);
    const chat = new ChatSession({
      servers: [notesServer()],
      model: scripted,
      history: [{ role: "user", text: "Before." }],
      usage: { inputTokens: 40, outputTokens: 7 },
    });
    expect(chat.usage).toEqual({ inputTokens: 40, outputTokens: 7 });
    await chat.send("Now.");
    expect(chat.usage).toEqual({ inputTokens: 45, outputTokens: 8 });
  });

  test("counts the input tokens a provider read from its prompt cache apart, in the turn and in the session", async () => {
    const scripted = model([
      { text: "", calls: [{ id: "1", name: "notes__read", arguments: {} }], usage: { inputTokens: 3000, outputTokens: 10, cachedInputTokens: 2900 } },
      { text: "Read.", calls: [], usage: { inputTokens: 3100, outputTokens: 5, cachedInputTokens: 3000 } },
    ]);
    const chat = new ChatSession({ servers: [notesServer()], model: scripted, consent: () => "yes", usage: { inputTokens: 100, outputTokens: 1 } });
    const outcome = await chat.send("Read the notes.");
    expect(outcome.usage).toEqual({ inputTokens: 6100, outputTokens: 15, cachedInputTokens: 5900 });
    expect(chat.usage).toEqual({ inputTokens: 6200, outputTokens: 16, cachedInputTokens: 5900 });
  });

  test("keeps the results of tools that ran when the user cancels a later model request of the turn", async () => {
    const controller = new AbortController();
    const server = notesServer("read-only");
    const scripted = model([{ text: "", calls: [call("1", "notes__write", { text: "x" })] }, new Error("aborted")]);
    const complete = scripted.complete;
    // The second request is the one Ctrl-C cuts: the signal is aborted while it is out.
    scripted.complete = async (request) => {
      if (scripted.requests.length === 1) controller.abort();
      return complete(request);
    };
    const chat = new ChatSession({ servers: [server], model: scripted, consent: () => "yes" });
    const outcome = await chat.send("Write.", { signal: controller.signal });
    expect(outcome).toEqual({ stopped: "cancelled", steps: 1 });
    expect(server.calls).toEqual([{ tool: "write", args: { text: "x" } }]);
    // The write happened: the model is told of it next time.
    expect(chat.messages.map((m) => m.role)).toEqual(["user", "model", "tools"]);
    expect(chat.messages[2]).toEqual({ role: "tools", results: [{ callId: "1", name: "notes__write", content: "write ok", isError: false }] });
  });

  test("shows an unknown or not-run call's JSON-text arguments (OpenAI's) as an object, not encoded twice", async () => {
    const scripted = {
      ...model([
        { text: "", calls: [call("1", "notes__whisper", '{"a":2}')] },
        { text: "", calls: [call("2", "notes__read", '{"b":3}')] },
      ]),
      toolFormat: "openai-chat" as const,
    };
    const events: ChatEvent[] = [];
    const chat = new ChatSession({ servers: [notesServer()], model: scripted, maxSteps: 2, onEvent: (e) => events.push(e) });
    await chat.send("Go.");
    expect(events.filter((e) => e.type === "call").map((e) => (e as { arguments: unknown }).arguments)).toEqual([{ a: 2 }, { b: 3 }]);
  });

  test("takes back a turn the model failed, so the next message starts clean", async () => {
    const scripted = model([new HostError("HOST_PROVIDER_UNAVAILABLE", "down"), { text: "Back.", calls: [] }]);
    const chat = new ChatSession({ servers: [notesServer()], model: scripted });
    await expect(chat.send("First.")).rejects.toThrow("down");
    expect(chat.messages).toEqual([]);
    await chat.send("Second.");
    expect(scripted.requests[1]!.messages).toEqual([{ role: "user", text: "Second." }]);
  });

  test("asks for a read-only tool of a server not trusted to say so (the default)", async () => {
    const server = notesServer();
    const asked: string[] = [];
    const chat = new ChatSession({
      servers: [server],
      model: model([
        { text: "", calls: [call("1", "notes__read", {})] },
        { text: "Read.", calls: [] },
      ]),
      consent: ({ qualifiedName }) => (asked.push(qualifiedName), "no"),
    });
    await chat.send("Read.");
    expect(asked).toEqual(["notes__read"]);
    expect(server.calls).toEqual([]);
    expect(chat.tools().map((t) => [t.qualifiedName, t.asksFirst])).toEqual([
      ["notes__write", true],
      ["notes__read", true],
    ]);
  });

  test("at maxSteps, runs none of the last turn's calls, and the conversation stays whole", async () => {
    const server = notesServer("read-only");
    const chat = new ChatSession({ servers: [server], model: model([{ text: "", calls: [call("1", "notes__read", {})] }]), maxSteps: 2 });
    expect(await chat.send("Read forever.")).toEqual({ stopped: "step-limit", steps: 2 });
    expect(server.calls).toEqual([{ tool: "read", args: {} }]);
    expect(chat.messages.at(-1)).toEqual({
      role: "tools",
      results: [{ callId: "1", name: "notes__read", isError: true, content: "Not run: the turn reached --max-steps 2 before this call." }],
    });
  });

  test("keeps the results of tools that ran when the model fails later in the turn", async () => {
    const server = notesServer("read-only");
    const events: ChatEvent[] = [];
    const chat = new ChatSession({
      servers: [server],
      model: model([{ text: "", calls: [call("1", "notes__read", {})] }, new HostError("HOST_PROVIDER_UNAVAILABLE", "down")]),
      onEvent: (e) => events.push(e),
    });
    await expect(chat.send("Read.")).rejects.toThrow("down");
    expect(chat.messages.map((m) => m.role)).toEqual(["user", "model", "tools"]);
    expect(events.at(-1)).toEqual({ type: "stopped", reason: "failed", message: "down" });
  });

  test("ends a turn cut at the output limit without running its calls, and counts the tokens", async () => {
    const server = notesServer("read-only");
    const chat = new ChatSession({
      servers: [server],
      model: model([
        {
          text: "I will re",
          calls: [call("1", "notes__read", {})],
          incomplete: "length",
          stopReason: "max_tokens",
          usage: { inputTokens: 7, outputTokens: 3 },
        },
      ]),
    });
    expect(await chat.send("Read.")).toEqual({ stopped: "length", steps: 1, partial: "I will re", usage: { inputTokens: 7, outputTokens: 3 } });
    expect(server.calls).toEqual([]);
    expect(chat.usage).toEqual({ inputTokens: 7, outputTokens: 3 });
  });
});

describe("ChatSession readResources", () => {
  const withResources = (trust?: ChatServer["trust"]) => ({
    ...notesServer(trust),
    listResources: async () => [{ uri: "notes://all", name: "all" }],
    readResource: async (uri: string) => [{ uri, text: "abcdefghij".repeat(3) }],
  });
  const reads = (n: number) => Array.from({ length: n }, (_, i) => call(`r${i}`, "read_resource", { server: "notes", uri: "notes://all" }));

  test("asks consent for a read with the resource named, once for 'always' per server, and cuts the text at maxChars", async () => {
    const asked: unknown[] = [];
    const scripted = model([
      { text: "", calls: reads(2) },
      { text: "Read.", calls: [] },
    ]);
    const chat = new ChatSession({
      servers: [withResources()],
      model: scripted,
      readResources: { maxChars: 12 },
      consent: ({ qualifiedName, server, resource }) => (asked.push({ qualifiedName, server, resource }), "always"),
    });
    await chat.send("Read it twice.");
    expect(asked).toEqual([{ qualifiedName: "read_resource", server: "notes", resource: "notes://all" }]);
    const tools = scripted.requests[0]!.tools as Array<{ name: string }>;
    expect(tools.map((t) => t.name).slice(0, 2)).toEqual(["list_resources", "read_resource"]);
    expect(chat.messages[2]).toEqual({
      role: "tools",
      results: [0, 1].map((i) => ({ callId: `r${i}`, name: "read_resource", content: "abcdefghijab\n[Cut at 12 of 30 characters.]", isError: false })),
    });
  });

  test("refuses a read when there is no consent callback, and reads unasked from a trusted server", async () => {
    for (const [trust, expected] of [
      [undefined, "The host refused to read notes:notes://all: there is no one to approve it."],
      ["read-only", "abcdefghij".repeat(3)],
    ] as const) {
      const chat = new ChatSession({
        servers: [withResources(trust)],
        model: model([
          { text: "", calls: reads(1) },
          { text: "Ok.", calls: [] },
        ]),
        readResources: true,
      });
      await chat.send("Read.");
      expect(chat.messages[2]).toMatchObject({ role: "tools", results: [{ content: expected, isError: trust === undefined }] });
    }
  });
});
