// A stdio connection answers `initialize`, `ping` and the start-up lists before it loads the MCP
// SDK (transports/stdio-handover.ts): held here to the SDK's own answers, byte for byte, for the
// same messages on a connection served by the SDK from its first message, and to one way in (the
// server's request middleware sees each request once, either way).
import "reflect-metadata";
import { InMemoryTransport, type JSONRPCMessage } from "@modelcontextprotocol/server";
import { describe, expect, test } from "vitest";
import { createServer, type Middleware } from "typemcp";
import { handleOf } from "../../packages/framework/dist/runtime/server-handle.js";
import { serveConnection } from "../../packages/framework/dist/runtime/sdk/sdk.js";
import { StdioHandover } from "../../packages/framework/dist/transports/stdio-handover.js";
import { RichTools } from "../fixtures/src/rich-tools.js";

type Reply = { id?: number; method?: string };

/** The rich fixture (tools, resources, templates, prompts, completions) behind a middleware that records each request's method. */
function richServer() {
  const seen: string[] = [];
  const recorder: Middleware = {
    onRequest: (call, next) => {
      seen.push(call.method);
      return next();
    },
  };
  const server = createServer(new RichTools(), { name: "rich", version: "0.0.1", title: "Rich", instructions: "Use the tools.", use: [recorder] });
  return { handle: handleOf(server, "serve"), seen };
}

/** Sends `messages` one at a time on a fresh connection (`early`: through the early answers; else the SDK's from the start) and returns every line the server wrote, as JSON text. */
async function exchange(messages: object[], early: boolean): Promise<{ lines: string[]; seen: string[] }> {
  const { handle, seen } = richServer();
  const [client, server] = InMemoryTransport.createLinkedPair();
  if (early) {
    const session = handle.earlySession();
    const front = new StdioHandover(server, session, async () => {
      serveConnection((era) => handle.openSession({ era, connectionId: session.connectionId }), front);
    });
    await front.open();
  } else {
    serveConnection((era) => handle.openSession({ era }), server);
  }
  const lines: string[] = [];
  let answered: (() => void) | undefined;
  client.onmessage = (message: JSONRPCMessage) => {
    lines.push(JSON.stringify(message));
    if ((message as Reply).id !== undefined) answered?.();
  };
  await client.start();
  for (const message of messages) {
    const reply = "id" in message ? new Promise<void>((resolve) => (answered = resolve)) : undefined;
    await client.send(message as JSONRPCMessage);
    await reply;
  }
  await client.close();
  return { lines, seen };
}

const initialize = (params: Record<string, unknown>) => ({ jsonrpc: "2.0", id: 1, method: "initialize", params });
const CLIENT = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "host", version: "1.0" } };
const INITIALIZED = { jsonrpc: "2.0", method: "notifications/initialized" };
const START = [
  { jsonrpc: "2.0", id: 2, method: "ping" },
  { jsonrpc: "2.0", id: 3, method: "tools/list" },
  { jsonrpc: "2.0", id: 4, method: "prompts/list", params: {} },
  { jsonrpc: "2.0", id: 5, method: "resources/list", params: { _meta: { progressToken: 7 } } },
  { jsonrpc: "2.0", id: 6, method: "resources/templates/list" },
];
// What the early session leaves to the SDK: a call, a cursor, then a list again on the SDK's path.
const LATER = [
  { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "wasCancelled", arguments: {} } },
  { jsonrpc: "2.0", id: 8, method: "tools/list", params: { cursor: "x" } },
  { jsonrpc: "2.0", id: 9, method: "tools/list" },
];

describe("a stdio connection's answers before the SDK is loaded", () => {
  test.each([
    ["a plain client", CLIENT],
    ["an older version", { ...CLIENT, protocolVersion: "2025-03-26" }],
    [
      "a client with every capability of a plain shape",
      {
        ...CLIENT,
        clientInfo: { name: "host", version: "1.0", title: "Host", websiteUrl: "https://h.example", description: "d", extra: 1 },
        capabilities: {
          roots: { listChanged: true },
          sampling: { context: {}, tools: {} },
          elicitation: { form: { applyDefaults: true }, url: {} },
          experimental: { x: { y: 1 } },
          extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } },
          unknown: 5,
        },
      },
    ],
  ])("are the SDK's own, byte for byte, and each passes the middleware once: %s", async (_, params) => {
    const messages = [initialize(params), INITIALIZED, ...START, ...LATER];
    const sdk = await exchange(messages, false);
    const early = await exchange(messages, true);
    expect(early.lines).toEqual(sdk.lines);
    expect(early.seen).toEqual(sdk.seen);
    expect(sdk.seen).toEqual(["tools/list", "prompts/list", "resources/list", "resources/templates/list", "tools/call", "tools/list", "tools/list"]);
    expect(early.lines[0]).toContain('"serverInfo":{"name":"rich","version":"0.0.1","title":"Rich"},"instructions":"Use the tools."');
  });

  test.each([
    ["an unknown version (the SDK negotiates)", { ...CLIENT, protocolVersion: "1999-01-01" }],
    ["no client version", { ...CLIENT, clientInfo: { name: "host" } }],
    ["a roots capability of the wrong type", { ...CLIENT, capabilities: { roots: { listChanged: "yes" } } }],
    ["an elicitation form of the wrong type", { ...CLIENT, capabilities: { elicitation: { form: { applyDefaults: 1 } } } }],
    ["icons", { ...CLIENT, clientInfo: { name: "host", version: "1", icons: [{ src: "x" }] } }],
    ["the client's tasks capability", { ...CLIENT, capabilities: { tasks: { list: {} } } }],
    ["_meta", { ...CLIENT, _meta: { progressToken: 1 } }],
  ])("leave to the SDK an initialize of another shape, which it answers as it always does: %s", async (_, params) => {
    const messages = [initialize(params), INITIALIZED, ...START];
    const sdk = await exchange(messages, false);
    const early = await exchange(messages, true);
    expect(early.lines).toEqual(sdk.lines);
    expect(early.seen).toEqual(sdk.seen);
  });
});
