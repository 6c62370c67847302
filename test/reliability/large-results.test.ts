import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RawStdio } from "../support/raw-stdio.js";
import { jsonRpcAnswer, post2026, startHttpServer, type HttpServerProcess } from "../support/http-server.js";
import { RELIABILITY_SERVER } from "./support.js";

// A tool that returns a `string` sends it once, as its text (no output schema, no
// structuredContent), in both eras over stdio and HTTP; an answer of 10 MiB arrives whole. What
// such an answer costs in memory and CPU is measured in bench/scaling.mjs (section 4), not here.

const MIB = 10 * 1024;
const BIG = "x".repeat(MIB * 1024);

const META_2026 = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "large-results", version: "0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

type Answer = { id?: unknown; result?: Record<string, unknown>; error?: unknown };

/** `blob(kib)`'s tools/call: the 2026-07-28 one carries its envelope in `_meta`. */
function blobCall(id: number, kib: number, era: "2025-11-25" | "2026-07-28") {
  const params = { name: "blob", arguments: { kib }, ...(era === "2026-07-28" && { _meta: META_2026 }) };
  return { jsonrpc: "2.0", id, method: "tools/call", params };
}

/** What every answer to `blob` holds, whatever the era: the text once, and nothing structured. */
function expectTextOnce(answer: Answer, id: number, text: string): void {
  expect(answer.error).toBeUndefined();
  expect(answer.id).toBe(id);
  const { content, structuredContent } = answer.result as { content: Array<{ type: string; text: string }>; structuredContent?: unknown };
  expect(structuredContent).toBeUndefined();
  expect(content).toHaveLength(1);
  expect(content[0]!.type).toBe("text");
  // Not toEqual: a failure would print ten megabytes.
  expect(content[0]!.text.length).toBe(text.length);
  expect(content[0]!.text === text).toBe(true);
}

describe("a string result over stdio", () => {
  let server: RawStdio;
  // A connection of its own for 2026-07-28: its requests carry their era and need no initialize.
  let server2026: RawStdio;
  beforeAll(async () => {
    server = new RawStdio(RELIABILITY_SERVER);
    server2026 = new RawStdio(RELIABILITY_SERVER);
    await server.initialize();
  });
  afterAll(() => {
    server.child.kill("SIGKILL");
    server2026.child.kill("SIGKILL");
  });

  test("is listed with no output schema", async () => {
    server.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const tools = ((await server.next()) as { result: { tools: Array<{ name: string; outputSchema?: unknown }> } }).result.tools;
    const blob = tools.find((t) => t.name === "blob")!;
    expect(blob).toBeDefined();
    expect(blob).not.toHaveProperty("outputSchema");
  });

  test("is answered with its text alone, exactly, on 2025-11-25", async () => {
    server.send(blobCall(2, 1, "2025-11-25"));
    expect(await server.next()).toEqual({ jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "x".repeat(1024) }] } });
  });

  test("of 10 MiB arrives whole, its text once, on 2025-11-25, and the next answer after it too", async () => {
    server.send(blobCall(3, MIB, "2025-11-25"));
    expectTextOnce(await server.next(), 3, BIG);
    server.send(blobCall(4, 1, "2025-11-25"));
    expectTextOnce(await server.next(), 4, "x".repeat(1024));
  });

  test("of 10 MiB arrives whole, its text once, on 2026-07-28", async () => {
    server2026.send(blobCall(1, MIB, "2026-07-28"));
    const answer = await server2026.next();
    expectTextOnce(answer, 1, BIG);
    expect((answer.result as { resultType?: unknown }).resultType).toBe("complete");
  });
});

describe("a string result over HTTP", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(RELIABILITY_SERVER, ["--stateless"]);
  });
  afterAll(async () => {
    await server.stop();
  });

  const post2025 = (body: object) =>
    fetch(server.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify(body),
    });
  const answerOf = async (res: Response) => jsonRpcAnswer(await res.text(), res.headers.get("content-type")) as Answer;

  test("is answered with its text alone, exactly, on 2025-11-25", async () => {
    const res = await post2025(blobCall(1, 1, "2025-11-25"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "x".repeat(1024) }] } });
  });

  test("of 10 MiB arrives whole as a JSON body, its text once, on 2025-11-25", async () => {
    const res = await post2025(blobCall(2, MIB, "2025-11-25"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expectTextOnce(await answerOf(res), 2, BIG);
  });

  test("of 10 MiB arrives whole as a JSON body, its text once, on 2026-07-28", async () => {
    const res = await post2026(server.url, { id: 3, method: "tools/call", name: "blob", params: { name: "blob", arguments: { kib: MIB } }, meta: META_2026 });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    const answer = await answerOf(res);
    expectTextOnce(answer, 3, BIG);
    expect((answer.result as { resultType?: unknown }).resultType).toBe("complete");
  });
});
