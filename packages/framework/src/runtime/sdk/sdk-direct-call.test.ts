// Holds the direct tools/call path (direct-door.ts) to the SDK's dispatcher it stands in for: the same requests,
// sent once alone (served directly) and once with an `authInfo` beside them (which takes the SDK's
// path), must get the same replies, byte for byte; and what only the direct path does (a signal
// made when read, a cancelled call's reply dropped, calls aborted on close) does what the SDK does.
import { InMemoryTransport, Server, type JSONRPCMessage } from "@modelcontextprotocol/server";
import { describe, expect, test } from "vitest";
import { ProtocolError } from "../../errors/protocol-error.js";
import { createProtocolServer } from "../protocol-server.js";
import type { Era } from "./protocol-types.js";
import { serveConnection } from "./sdk-stdio.js";
import { sdkServerOf } from "./sdk-server-of.js";
import type { SdkServer } from "./sdk-server.js";
import { DirectCall, errorReply, isDirectToolCall, plainEnvelope2026, resultReply } from "./sdk-direct-call.js";

const INITIALIZE = {
  jsonrpc: "2.0",
  id: "init",
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
} as const;

/** What each tool named here answers: every kind of result and error a handler may give. */
const ANSWERS: Record<string, () => unknown> = {
  text: () => ({ content: [{ type: "text", text: "5" }], structuredContent: { result: 5 } }),
  failed: () => ({ content: [{ type: "text", text: "no" }], isError: true }),
  contentless: () => ({ structuredContent: { a: 1 } }),
  image: () => ({ content: [{ type: "image", data: "aGk=", mimeType: "image/png" }] }),
  annotated: () => ({ content: [{ type: "text", text: "x", annotations: { priority: 1 } }], _meta: { note: "n" } }),
  extraKey: () => ({ content: [{ type: "text", text: "x", extra: true }], other: 1 }),
  badBlock: () => ({ content: [{ type: "text" }] }),
  unknown: () => {
    throw new ProtocolError("UNKNOWN_TOOL", 'Unknown tool: "unknown".');
  },
  plainError: () => {
    throw new Error("boom");
  },
  coded: () => {
    throw { code: -32002, message: "gone", data: { uri: "x://y" } };
  },
  thrownString: () => {
    throw "nope";
  },
};

const ENVELOPE = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
const QUESTION = { message: "Which one?", requestedSchema: { type: "object", properties: { pick: { type: "string" } } } };

/** Serves ANSWERS on a connection (through its door); `send` returns the reply to one message. */
async function served(era: Era = "2025-11-25") {
  let direct = 0;
  let waiting = 0;
  const aborted: unknown[] = [];
  const factory = (era: Era) => {
    const protocol = createProtocolServer({ name: "t", title: "T", version: "1" }, { tools: {} }, era);
    protocol.handle("tools/call", async (params, extra) => {
      if (params.name === "ask") return { content: [{ type: "text", text: JSON.stringify(extra.input!.ask("elicitation/create", QUESTION)) }] };
      if (params.name === "seen")
        return { content: [{ type: "text", text: JSON.stringify({ params, meta: extra.meta, level: extra.logLevel, caps: extra.clientCapabilities }) }] };
      if (params.name !== "wait") return ANSWERS[params.name as string]!();
      // Waits until its call is cancelled, then says so (a reply nobody should see).
      waiting++;
      await new Promise((resolve) => extra.signal.addEventListener("abort", resolve, { once: true }));
      aborted.push(extra.signal.reason);
      return { content: [{ type: "text", text: "late" }] };
    });
    // Counts the calls the direct branch takes.
    const server = sdkServerOf(protocol) as SdkServer;
    const answer = server.directAnswer!;
    server.directAnswer = (request, call) => (direct++, answer(request, call));
    return protocol;
  };
  const [client, server] = InMemoryTransport.createLinkedPair();
  const replies = new Map<string | number, (message: JSONRPCMessage) => void>();
  client.onmessage = (message) => {
    const id = (message as { id?: string | number }).id;
    if (id !== undefined) replies.get(id)?.(message);
  };
  const connection = serveConnection(factory, server);
  await client.start();
  const send = (message: Record<string, unknown>, viaSdk = false) =>
    new Promise<JSONRPCMessage>((resolve) => {
      replies.set(message.id as string | number, resolve);
      void client.send(message as JSONRPCMessage, viaSdk ? { authInfo: { token: "t", clientId: "c", scopes: [] } } : undefined);
    });
  if (era === "2025-11-25") {
    await send(INITIALIZE);
    await client.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  } else {
    // The first message pins the connection's era (and makes its server): later ones pass the door.
    await send({ jsonrpc: "2.0", id: "open", method: "ping", params: { _meta: ENVELOPE } });
  }
  return { send, client, aborted, replies, direct: () => direct, waiting: () => waiting, close: () => connection.close() };
}

describe("tools/call served directly", () => {
  test("answers every kind of result and error as the SDK's dispatcher does", async () => {
    const { send, close } = await served();
    let id = 0;
    for (const name of Object.keys(ANSWERS)) {
      const request = { jsonrpc: "2.0", method: "tools/call", params: { name, arguments: {} } };
      const direct = await send({ ...request, id: ++id });
      const sdk = await send({ ...request, id }, true);
      expect(JSON.stringify(direct), name).toBe(JSON.stringify(sdk));
    }
    await close();
  });

  test("a cancelled call's signal aborts with the client's reason and its reply is never sent", async () => {
    const { send, client, aborted, replies, close } = await served();
    const seen: JSONRPCMessage[] = [];
    replies.set(1, (message) => seen.push(message));
    await client.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "wait" } });
    await client.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1, reason: "user stopped it" } });
    await expect.poll(() => aborted).toEqual(["user stopped it"]);
    // A later call is answered, and nothing came for the cancelled one before it.
    expect(await send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "text" } })).toMatchObject({
      id: 2,
      result: { structuredContent: { result: 5 } },
    });
    expect(seen).toEqual([]);
    await close();
  });

  test("closing the connection aborts the calls still running", async () => {
    const { client, aborted, waiting, close } = await served();
    await client.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "wait" } });
    await expect.poll(waiting).toBe(1);
    await close();
    await expect.poll(() => aborted.map(String)).toEqual(["Error: Connection closed"]);
  });

  test("a request the direct path does not take is the SDK's to judge", async () => {
    const { send, close } = await served();
    const bad = await send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: 5 } });
    expect(bad).toMatchObject({ error: { code: -32602, message: expect.stringContaining("name") } });
    await close();
  });
});

describe("isDirectToolCall", () => {
  const call = (params: unknown) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params });
  test.each([
    ["a name and arguments", call({ name: "add", arguments: { a: 1 } }), true],
    ["a name alone", call({ name: "add" }), true],
    ["a progress token", call({ name: "add", _meta: { progressToken: "p" } }), true],
    ["a task", call({ name: "add", task: { ttl: 1 } }), false],
    ["a number for a name", call({ name: 1 }), false],
    ["arguments as a list", call({ name: "add", arguments: [1] }), false],
    ["no params", { jsonrpc: "2.0", id: 1, method: "tools/call" }, false],
    ["a related task", call({ name: "add", _meta: { "io.modelcontextprotocol/related-task": { taskId: "t" } } }), false],
    ["a fractional id", { ...call({ name: "add" }), id: 1.5 }, false],
  ])("%s: %s", (_, message, expected) => {
    expect(isDirectToolCall(message)).toBe(expected);
  });
});

describe("tools/call served directly, 2026-07-28", () => {
  test("answers every kind of result and error as the SDK's dispatcher does", async () => {
    const { send, direct, close } = await served("2026-07-28");
    let id = 0;
    for (const name of [...Object.keys(ANSWERS), "seen"]) {
      const request = { jsonrpc: "2.0", method: "tools/call", params: { name, arguments: { a: 1 }, _meta: { ...ENVELOPE, progressToken: "p", note: 1 } } };
      const taken = direct();
      const reply = await send({ ...request, id: ++id });
      expect(direct(), name).toBe(taken + 1);
      const sdk = await send({ ...request, id }, true);
      expect(direct(), name).toBe(taken + 1);
      expect(JSON.stringify(reply), name).toBe(JSON.stringify(sdk));
    }
    await close();
  });

  // Each envelope the SDK would accept is taken, with what the handler sees as the SDK gives it;
  // each it might refuse is left to the SDK, whose words answer it.
  test.each([
    ["client info and a log level", { "io.modelcontextprotocol/clientInfo": { name: "c", version: "1" }, "io.modelcontextprotocol/logLevel": "debug" }, true],
    ["capabilities declared", { "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} }, roots: {}, extensions: { "x/y": {} } } }, true],
    ["an integer progress token", { progressToken: 7 }, true],
    ["capabilities that are not an object", { "io.modelcontextprotocol/clientCapabilities": [] }, false],
    ["client info without a version", { "io.modelcontextprotocol/clientInfo": { name: "c" } }, false],
    ["an unknown log level", { "io.modelcontextprotocol/logLevel": "loud" }, false],
    ["another protocol version", { "io.modelcontextprotocol/protocolVersion": "2026-01-01" }, false],
    ["no capabilities", { "io.modelcontextprotocol/clientCapabilities": undefined }, false],
    ["another reserved key", { "io.modelcontextprotocol/related-task": { taskId: "t" } }, false],
  ])("%s: taken directly %s, answered as the SDK answers", async (_, change, taken) => {
    const { send, direct, close } = await served("2026-07-28");
    const request = { jsonrpc: "2.0", method: "tools/call", params: { name: "seen", arguments: {}, _meta: { ...ENVELOPE, ...change } } };
    const reply = await send({ ...request, id: 1 });
    expect(direct()).toBe(taken ? 1 : 0);
    expect(JSON.stringify(reply)).toBe(JSON.stringify(await send({ ...request, id: 1 }, true)));
    await close();
  });

  // The SDK does not answer such a message at all (it is no JSON-RPC request by its schema), so
  // the direct path must leave it alone rather than answer it.
  test("a fractional progress token is left to the SDK", () => {
    expect(plainEnvelope2026({ name: "seen", _meta: { ...ENVELOPE, progressToken: 1.5 } })).toBeUndefined();
    expect(plainEnvelope2026({ name: "seen", _meta: { ...ENVELOPE, progressToken: 2 } })).toEqual({
      clientCapabilities: {},
      logLevel: undefined,
      meta: { progressToken: 2 },
    });
  });

  test("a question is asked as the SDK asks it, and refused alike when the request cannot answer it", async () => {
    const { send, direct, close } = await served("2026-07-28");
    for (const capabilities of [{ elicitation: {} }, { elicitation: { url: {} } }, {}]) {
      const request = {
        jsonrpc: "2.0",
        method: "tools/call",
        params: { name: "ask", arguments: {}, _meta: { ...ENVELOPE, "io.modelcontextprotocol/clientCapabilities": capabilities } },
      };
      const reply = (await send({ ...request, id: 1 })) as { result?: { requestState?: string }; error?: unknown };
      const sdk = (await send({ ...request, id: 1 }, true)) as typeof reply;
      // The signed state differs by its nonce; everything else is the same.
      if (reply.result) {
        expect(typeof reply.result.requestState).toBe("string");
        reply.result.requestState = sdk.result!.requestState = "signed";
      }
      expect(JSON.stringify(reply), JSON.stringify(capabilities)).toBe(JSON.stringify(sdk));
    }
    expect(direct()).toBe(3);
    await close();
  });
});

describe("the replies", () => {
  test("a typemcp result goes out as it is, in the SDK's key order", () => {
    const result = { content: [{ type: "text", text: "5" }], structuredContent: { result: 5 } };
    const reply = resultReply(7, result);
    expect(Object.keys(reply)).toEqual(["result", "jsonrpc", "id"]);
    expect(reply.result).toBe(result);
  });

  test("a thrown value without a numeric code is an internal error; -32002 reads -32602 in 2025-11-25", () => {
    expect(errorReply(1, new Error("boom"))).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "boom" } });
    expect(errorReply(1, undefined)).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error" } });
    expect(errorReply(1, { code: -32002, message: "gone", data: 1 })).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32602, message: "gone", data: 1 } });
  });
});

describe("DirectCall", () => {
  test("makes its signal when read, aborted with the reason if the call was cancelled before", () => {
    const server = new Server({ name: "direct", version: "1.0.0" }, { capabilities: {} });
    const early = new DirectCall(server, 1);
    early.abort("stop");
    expect(early.aborted).toBe(true);
    expect(early.signal.aborted).toBe(true);
    expect(early.signal.reason).toBe("stop");
    const late = new DirectCall(server, 2);
    const signal = late.signal;
    expect(signal.aborted).toBe(false);
    late.abort("later");
    expect(signal.aborted).toBe(true);
    expect(late.signal).toBe(signal);
  });
});
