import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jsonRpcAnswer, postModern, startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

const SERVER = fromRoot("test/fixtures/dist/tc39/answers.js");
const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "answer-binding", version: "0" },
  "io.modelcontextprotocol/clientCapabilities": { elicitation: {} },
};
const YES = { action: "accept", content: { confirm: true } };

let server: HttpServerProcess;
let nextId = 1;

/** One 2026-07-28 tools/call over real HTTP; the JSON-RPC answer. */
async function call(name: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await postModern(server.url, { id: nextId++, method: "tools/call", name, params: { name, arguments: args, ...extra }, meta: META });
  return jsonRpcAnswer(await res.text(), res.headers.get("content-type"));
}

/** Asks deleteFile about `filename` and returns the signed state of its question. */
async function askToDelete(filename: string): Promise<string> {
  const first = await call("deleteFile", { filename });
  expect(first.result).toMatchObject({ resultType: "input_required", inputRequests: { "input-0": { params: { message: `Delete ${filename}?` } } } });
  return first.result.requestState as string;
}

beforeAll(async () => {
  server = await startHttpServer(SERVER, [], { MCP_REQUEST_STATE_KEY: "answer-binding-test-key-of-32-bytes-at-least" });
});
afterAll(() => server?.stop());

describe("an answer to a 2026-07-28 question", () => {
  test("finishes the call it was asked for", async () => {
    const requestState = await askToDelete("a.txt");
    const done = await call("deleteFile", { filename: "a.txt" }, { requestState, inputResponses: { "input-0": YES } });
    expect(done.result.structuredContent).toEqual({ deleted: "a.txt" });
  });

  test("is refused, in words, when replayed with other arguments", async () => {
    const requestState = await askToDelete("a.txt");
    const replay = await call("deleteFile", { filename: "prod.db" }, { requestState, inputResponses: { "input-0": YES } });
    expect(replay.result).toBeUndefined();
    expect(replay.error.code).toBe(-32602);
    expect(replay.error.message).toMatch(/issued for tools\/call of "deleteFile" with other arguments/);
  });

  test("is accepted with the same arguments in another member order and spacing", async () => {
    const requestState = await askToDelete("b.txt");
    const res = await fetch(server.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2026-07-28",
        "Mcp-Method": "tools/call",
        "Mcp-Name": "deleteFile",
      },
      // Same call, members in another order and with other spacing: still the same arguments.
      body: `{"params": {"inputResponses": {"input-0": ${JSON.stringify(YES)}}, "arguments": { "filename" : "b.txt" }, "requestState": ${JSON.stringify(requestState)}, "name": "deleteFile", "_meta": ${JSON.stringify(META)}}, "method": "tools/call", "id": 99, "jsonrpc": "2.0"}`,
    });
    expect(jsonRpcAnswer(await res.text(), res.headers.get("content-type")).result.structuredContent).toEqual({ deleted: "b.txt" });
  });

  test("is refused, in words, when replayed against another tool", async () => {
    const requestState = await askToDelete("a.txt");
    const replay = await call("emptyBin", {}, { requestState, inputResponses: { "input-0": YES } });
    expect(replay.error).toMatchObject({ code: -32602 });
    expect(replay.error.message).toMatch(/issued for tools\/call of "deleteFile", not for tools\/call of "emptyBin"/);
  });

  test("sent before any question was asked is refused, and the tool does not run", async () => {
    const early = await call("deleteFile", { filename: "prod.db" }, { inputResponses: { "input-0": YES } });
    expect(early.error).toMatchObject({ code: -32602 });
    expect(early.error.message).toMatch(/inputResponses answer "input-0", which this server has not asked/);
  });

  test("to a question the state does not leave open is refused", async () => {
    const requestState = await askToDelete("a.txt");
    const extra = await call("deleteFile", { filename: "a.txt" }, { requestState, inputResponses: { "input-0": YES, "input-1": YES } });
    expect(extra.error).toMatchObject({ code: -32602 });
    expect(extra.error.message).toMatch(/inputResponses answer "input-1", which this requestState does not leave open \(open: "input-0"\)/);
  });
});
