// Holds createProtocolServer's `handlers` to when they run: a session's or lane's connection
// through one of our doors registers them on its first request past the handshake (so a session opened and never used
// holds none of them), any other transport when it is connected; and what a request answers is
// the same either way.
import { InMemoryTransport, type JSONRPCMessage } from "@modelcontextprotocol/server";
import { describe, expect, test } from "vitest";
import { createProtocolServer } from "../protocol-server.js";
import type { ProtocolServer } from "./protocol-types.js";
import { connectLane, serveConnection } from "./sdk-stdio.js";
import { sdkServerOf } from "./sdk-server-of.js";
import type { SdkServer } from "./sdk-server.js";

const INFO = { name: "t", version: "1" };
const INITIALIZE = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } };

/** A protocol server whose `handlers` count how often they are registered. */
function counted() {
  const registered = { count: 0 };
  const protocol = createProtocolServer(INFO, { tools: {} }, "2025-11-25", {
    handlers: (served: ProtocolServer) => {
      registered.count++;
      served.handle("tools/list", () => ({ tools: [] }));
      served.handle("tools/call", () => ({ content: [{ type: "text", text: "done" }] }));
    },
  });
  return { protocol, registered };
}

/** A client on one end of an in-memory pair: `request` resolves with the reply to its message. */
async function clientOf(client: InMemoryTransport) {
  const replies = new Map<string | number, (message: JSONRPCMessage) => void>();
  client.onmessage = (message) => replies.get((message as { id: string | number }).id)?.(message);
  await client.start();
  let id = 0;
  const request = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<JSONRPCMessage & { result?: Record<string, unknown> }>((resolve) => {
      replies.set(++id, resolve);
      void client.send({ jsonrpc: "2.0", id, method, params } as JSONRPCMessage);
    });
  return { request };
}

describe("a protocol server's handlers", () => {
  test("are registered on a door's first request past the handshake, once", async () => {
    const { protocol, registered } = counted();
    const [client, server] = InMemoryTransport.createLinkedPair();
    await connectLane(protocol, server, "session");
    const { request } = await clientOf(client);
    expect((await request("initialize", INITIALIZE)).result).toMatchObject({ serverInfo: { name: "t" } });
    await client.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect((await request("ping")).result).toEqual({});
    // Opened, initialized and pinged: nothing of typemcp's is registered yet.
    expect(registered.count).toBe(0);
    expect((sdkServerOf(protocol) as SdkServer).directAnswer).toBeUndefined();
    expect((await request("tools/list")).result).toEqual({ tools: [] });
    expect(registered.count).toBe(1);
    // The direct branch of tools/call is there now, and a second request registers nothing again.
    expect((sdkServerOf(protocol) as SdkServer).directAnswer).toBeDefined();
    expect((await request("tools/call", { name: "x", arguments: {} })).result).toMatchObject({ content: [{ type: "text", text: "done" }] });
    expect(registered.count).toBe(1);
    await protocol.close();
  });

  test("are registered when connected to a transport that is not a door, or through a stdio connection's door", async () => {
    const { protocol, registered } = counted();
    const [client, server] = InMemoryTransport.createLinkedPair();
    await protocol.connect(server);
    expect(registered.count).toBe(1);
    const { request } = await clientOf(client);
    await request("initialize", INITIALIZE);
    expect((await request("tools/list")).result).toEqual({ tools: [] });
    await protocol.close();
    // A stdio connection's door is admitted by its first message, which may be a 2026-07-28 request needing them.
    const stdio = counted();
    const [other, end] = InMemoryTransport.createLinkedPair();
    const connection = serveConnection(() => stdio.protocol, end);
    const { request: ask } = await clientOf(other);
    await ask("initialize", INITIALIZE);
    expect(stdio.registered.count).toBe(1);
    await connection.close();
  });

  test("a method nobody registers is still refused as not found", async () => {
    const { protocol, registered } = counted();
    const [client, server] = InMemoryTransport.createLinkedPair();
    await connectLane(protocol, server, "session");
    const { request } = await clientOf(client);
    await request("initialize", INITIALIZE);
    expect(await request("prompts/list")).toMatchObject({ error: { code: -32601 } });
    expect(registered.count).toBe(1);
    await protocol.close();
  });
});
