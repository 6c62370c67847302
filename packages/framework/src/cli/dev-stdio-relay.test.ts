import { beforeEach, describe, expect, test } from "vitest";
import { DevStdioRelay } from "./dev-stdio-relay.js";

const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "host", version: "1" } };
const LISTEN = {
  jsonrpc: "2.0",
  id: "listen:0",
  method: "subscriptions/listen",
  params: { _meta: META, notifications: { toolsListChanged: true, promptsListChanged: true } },
};
const ACK = (honored: object) => ({
  jsonrpc: "2.0",
  method: "notifications/subscriptions/acknowledged",
  params: { notifications: honored, _meta: { "io.modelcontextprotocol/subscriptionId": "listen:0" } },
});
const INITIALIZE = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "host", version: "1" } },
};

// The relay on its own, as typemcp dev drives it: lines from the host, lines from a server,
// and the hand-over to the next server after an edit. test/dev-command.test.ts drives the same
// over real stdio with the SDK's clients.
describe("DevStdioRelay", () => {
  let host: unknown[];
  let relay: DevStdioRelay;
  const fromHost = (message: object) => relay.fromHost(JSON.stringify(message));
  const fromServer = (message: object, current = true) => relay.fromServer(JSON.stringify(message), current);
  beforeEach(() => {
    host = [];
    relay = new DevStdioRelay((line) => host.push(line.startsWith("{") ? JSON.parse(line) : line));
  });

  test("hands a 2026-07-28 listen stream to the next server and tells the host, on that stream, what it asked to hear of", () => {
    fromHost(LISTEN);
    fromServer(ACK({ toolsListChanged: true }));
    expect(host).toEqual([ACK({ toolsListChanged: true })]);

    // The replaced server closes the stream on its way out: the host's stream stays open.
    fromServer({ jsonrpc: "2.0", id: "listen:0", result: { resultType: "complete", _meta: { "io.modelcontextprotocol/subscriptionId": "listen:0" } } }, false);
    expect(relay.handOver()).toEqual([JSON.stringify(LISTEN)]);
    fromServer(ACK({ toolsListChanged: true }));
    expect(host.slice(1)).toEqual([
      { jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { _meta: { "io.modelcontextprotocol/subscriptionId": "listen:0" } } },
    ]);
  });

  test("tells a subscribed resource's listener that it may have changed", () => {
    fromHost({ ...LISTEN, params: { _meta: META, notifications: { resourceSubscriptions: ["note://a"] } } });
    fromServer(ACK({ resourceSubscriptions: ["note://a"] }));
    relay.handOver();
    fromServer(ACK({ resourceSubscriptions: ["note://a"] }));
    expect(host.at(-1)).toEqual({
      jsonrpc: "2.0",
      method: "notifications/resources/updated",
      params: { uri: "note://a", _meta: { "io.modelcontextprotocol/subscriptionId": "listen:0" } },
    });
  });

  test("forgets a listen stream the host cancelled, and one the running server closed", () => {
    fromHost(LISTEN);
    fromHost({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "listen:0" } });
    expect(relay.handOver()).toEqual([]);

    fromHost(LISTEN);
    const closed = { jsonrpc: "2.0", id: "listen:0", result: { resultType: "complete" } };
    fromServer(closed);
    expect(host).toEqual([closed]);
    expect(relay.handOver()).toEqual([]);
  });

  test("replays a 2025-11-25 initialize under its own id and announces the lists the new server declares", () => {
    fromHost(INITIALIZE);
    fromServer({ jsonrpc: "2.0", id: 0, result: { protocolVersion: "2025-11-25", capabilities: { tools: { listChanged: true } } } });
    fromHost({ jsonrpc: "2.0", method: "notifications/initialized" });
    const [initialize, initialized] = relay.handOver();
    expect(JSON.parse(initialize!)).toEqual({ ...INITIALIZE, id: "typemcp-dev-handshake-1" });
    expect(JSON.parse(initialized!)).toEqual({ jsonrpc: "2.0", method: "notifications/initialized" });
    fromServer({
      jsonrpc: "2.0",
      id: "typemcp-dev-handshake-1",
      result: { protocolVersion: "2025-11-25", capabilities: { tools: { listChanged: true }, prompts: {} } },
    });
    expect(host.slice(1)).toEqual([
      { jsonrpc: "2.0", method: "notifications/tools/list_changed" },
      { jsonrpc: "2.0", method: "notifications/prompts/list_changed" },
    ]);
  });

  test("answers a request the replaced server left unanswered, and drops that server's late answer", () => {
    fromHost({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "slow", arguments: {} } });
    relay.handOver();
    fromServer({ jsonrpc: "2.0", id: 7, result: { content: [] } }, false);
    expect(host).toEqual([
      {
        jsonrpc: "2.0",
        id: 7,
        error: { code: -32603, message: "typemcp dev restarted the server after a source change before it answered tools/call; send the request again." },
      },
    ]);
  });

  test("passes through what it does not route on, a line that is not JSON included", () => {
    relay.fromServer("not json", true);
    fromServer({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "hi" } }, false);
    fromServer({ jsonrpc: "2.0", id: 3, method: "elicitation/create", params: {} });
    expect(host).toEqual([
      "not json",
      { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "hi" } },
      { jsonrpc: "2.0", id: 3, method: "elicitation/create", params: {} },
    ]);
  });
});
