import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REDIS_SERVER, startRedis, type RedisProcess } from "../packages/framework/src/scale/__fixtures__/redis-process.js";
import { jsonRpcAnswer, post2026, startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

const SERVER = fromRoot("test/fixtures/dist/tc39/answers.js");
const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "answer-binding", version: "0" },
  "io.modelcontextprotocol/clientCapabilities": { elicitation: {} },
};
const YES = { action: "accept", content: { confirm: true } };

const KEY = { MCP_REQUEST_STATE_KEY: "answer-binding-test-key-of-32-bytes-at-least" };
let server: HttpServerProcess;
let nextId = 1;

/** One 2026-07-28 tools/call over real HTTP (to `url`, else the server of this file); the JSON-RPC answer. */
async function call(name: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}, url = server.url): Promise<Record<string, any>> {
  const res = await post2026(url, { id: nextId++, method: "tools/call", name, params: { name, arguments: args, ...extra }, meta: META });
  return jsonRpcAnswer(await res.text(), res.headers.get("content-type"));
}

/** Asks deleteFile about `filename` and returns the signed state of its question. */
async function askToDelete(filename: string, url = server.url): Promise<string> {
  const first = await call("deleteFile", { filename }, {}, url);
  expect(first.result).toMatchObject({ resultType: "input_required", inputRequests: { "input-0": { params: { message: `Delete ${filename}?` } } } });
  return first.result.requestState as string;
}

beforeAll(async () => {
  server = await startHttpServer(SERVER, [], KEY);
});
afterAll(() => server?.stop());

describe("an answer to a 2026-07-28 question", () => {
  test("finishes the call it was asked for", async () => {
    const requestState = await askToDelete("a.txt");
    const done = await call("deleteFile", { filename: "a.txt" }, { requestState, inputResponses: { "input-0": YES } });
    expect(done.result.structuredContent).toEqual({ deleted: "a.txt" });
  });

  test("finishes one request only: the same state and answer sent again do not run the tool again", async () => {
    const requestState = await askToDelete("c.txt");
    const retry = { requestState, inputResponses: { "input-0": YES } };
    expect((await call("deleteFile", { filename: "c.txt" }, retry)).result.structuredContent).toEqual({ deleted: "c.txt" });
    const replay = await call("deleteFile", { filename: "c.txt" }, retry);
    expect(replay.result).toBeUndefined();
    expect(replay.error).toMatchObject({ code: -32602 });
    expect(replay.error.message).toMatch(/^This requestState has already been used/);
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

  // An answer counts only for a question the server asked: one sent in with the call, before any
  // question (no requestState), is ignored and the question is asked.
  test("given with no requestState, answers nothing: the question is asked and the tool does not run", async () => {
    const upFront = await call("deleteFile", { filename: "x.db" }, { inputResponses: { "input-0": YES } });
    expect(upFront.result).toMatchObject({ resultType: "input_required", inputRequests: { "input-0": { params: { message: "Delete x.db?" } } } });
    expect(upFront.result.structuredContent).toBeUndefined();
    const done = await call("deleteFile", { filename: "x.db" }, { requestState: upFront.result.requestState, inputResponses: { "input-0": YES } });
    expect(done.result.structuredContent).toEqual({ deleted: "x.db" });
  });

  test("to a question the state does not leave open is ignored; the open one is answered", async () => {
    const requestState = await askToDelete("a.txt");
    const extra = await call("deleteFile", { filename: "a.txt" }, { requestState, inputResponses: { "input-0": YES, "input-1": YES } });
    expect(extra.result.structuredContent).toEqual({ deleted: "a.txt" });
  });

  test("missing from a request that brings the state gets the question asked again", async () => {
    const requestState = await askToDelete("d.txt");
    const missing = await call("deleteFile", { filename: "d.txt" }, { requestState, inputResponses: {} });
    expect(missing.result).toMatchObject({ resultType: "input_required", inputRequests: { "input-0": { params: { message: "Delete d.txt?" } } } });
  });
});

describe.skipIf(!REDIS_SERVER)("with --redis, a requestState", () => {
  let redis: RedisProcess;
  const instances: HttpServerProcess[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    instances.push(...(await Promise.all([0, 1].map(() => startHttpServer(SERVER, ["--redis", redis.url], KEY)))));
  });
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await redis?.stop();
  });

  test("used on one instance is refused on the other", async () => {
    const [a, b] = instances as [HttpServerProcess, HttpServerProcess];
    const requestState = await askToDelete("d.txt", a.url);
    const retry = { requestState, inputResponses: { "input-0": YES } };
    expect((await call("deleteFile", { filename: "d.txt" }, retry, a.url)).result.structuredContent).toEqual({ deleted: "d.txt" });
    const replay = await call("deleteFile", { filename: "d.txt" }, retry, b.url);
    expect(replay.error).toMatchObject({ code: -32602 });
    expect(replay.error.message).toMatch(/^This requestState has already been used/);
  });
});
