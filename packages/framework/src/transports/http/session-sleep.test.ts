// A 2025-11-25 session opened and never used sleeps once its handshake is done: its protocol
// server is closed and only its record is kept, so that idle sessions do not each hold an SDK
// server and transport. Its next request wakes it, in the state its handshake left it.
import { describe, expect, test } from "vitest";
import { createProtocolServer, type ProtocolServer } from "../../runtime/sdk/sdk.js";
import { createHttpHandler } from "./http-handler.js";
import { resolveHttpOptions } from "./http-options.js";

const URL = "http://127.0.0.1:3000/mcp";
const HEADERS = { host: "127.0.0.1:3000", "content-type": "application/json", accept: "application/json, text/event-stream" };
const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: { roots: { listChanged: true } }, clientInfo: { name: "sleepy", version: "1" } },
};

/** An HTTP handler whose protocol servers are counted: made, and open now. */
function counted() {
  const servers: ProtocolServer[] = [];
  let open = 0;
  let allClosed: (() => void) | undefined;
  const serving = {
    newServer: () => {
      const protocol = createProtocolServer({ name: "t", version: "1" }, { tools: {} }, "2025-11-25", {
        handlers: (served) => served.handle("tools/list", () => ({ tools: [] })),
      });
      servers.push(protocol);
      open++;
      protocol.onclose = () => {
        if (--open === 0) allClosed?.();
      };
      return protocol;
    },
  };
  const handler = createHttpHandler(serving, resolveHttpOptions({}));
  /** Resolves once no protocol server is open. */
  const noneOpen = () => (open === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allClosed = resolve)));
  return { handler, servers, open: () => open, noneOpen };
}

function post(handler: ReturnType<typeof counted>["handler"], body: unknown, session?: string): Promise<Response> {
  const headers = session === undefined ? HEADERS : { ...HEADERS, "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" };
  return handler.handle(new Request(URL, { method: "POST", headers, body: JSON.stringify(body) }));
}

/** Opens a session as a client does: initialize, then notifications/initialized. */
async function open(handler: ReturnType<typeof counted>["handler"]): Promise<string> {
  const answer = await post(handler, INITIALIZE);
  expect(answer.status).toBe(200);
  await answer.text();
  const session = answer.headers.get("mcp-session-id")!;
  expect((await post(handler, { jsonrpc: "2.0", method: "notifications/initialized" }, session)).status).toBe(202);
  return session;
}

/** The JSON-RPC message of an answer, whether it came as JSON or as one SSE event. */
async function messageOf(answer: Response): Promise<Record<string, unknown>> {
  const text = await answer.text();
  return JSON.parse(answer.headers.get("content-type")?.includes("text/event-stream") ? /^data: (.*)$/m.exec(text)![1]! : text);
}

describe("a 2025-11-25 session opened and never used", () => {
  test("holds no protocol server once its handshake is done, and its first request wakes it as the client left it", async () => {
    const { handler, servers, open: openNow, noneOpen } = counted();
    const session = await open(handler);
    await noneOpen();
    expect(openNow()).toBe(0);
    const answer = await post(handler, { jsonrpc: "2.0", id: 2, method: "tools/list" }, session);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("mcp-session-id")).toBe(session);
    expect(await messageOf(answer)).toMatchObject({ id: 2, result: { tools: [] } });
    // Woken with the capabilities its client declared in the initialize that opened it.
    expect(servers).toHaveLength(2);
    expect(openNow()).toBe(1);
    expect(servers[1]!.clientCapabilities()).toEqual(INITIALIZE.params.capabilities);
    expect(servers[1]!.sessionId()).toBe(session);
    // Used now, it stays awake.
    expect((await post(handler, { jsonrpc: "2.0", method: "notifications/initialized" }, session)).status).toBe(202);
    expect(openNow()).toBe(1);
    await handler.close(0);
  });

  test("is woken once by requests that arrive together, and ended by a DELETE", async () => {
    const { handler, servers, noneOpen } = counted();
    const session = await open(handler);
    await noneOpen();
    const answers = await Promise.all([1, 2, 3].map((id) => post(handler, { jsonrpc: "2.0", id: 10 + id, method: "tools/list" }, session)));
    expect(await Promise.all(answers.map(messageOf))).toMatchObject([{ id: 11 }, { id: 12 }, { id: 13 }]);
    expect(servers).toHaveLength(2);
    // A sleeping session is ended as an awake one is.
    const other = await open(handler);
    const ended = await handler.handle(new Request(URL, { method: "DELETE", headers: { ...HEADERS, "mcp-session-id": other } }));
    expect(ended.status).toBe(200);
    expect((await post(handler, { jsonrpc: "2.0", id: 20, method: "tools/list" }, other)).status).toBe(404);
    await handler.close(0);
  });
});
