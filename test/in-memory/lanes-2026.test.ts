import { afterEach, describe, expect, test } from "vitest";
import { toFetchHandler, type FetchHandler } from "typemcp";
import { MiddlewareTools } from "../fixtures/src/middleware-tools.js";
import { META_2026, request2026 } from "../support/request-2026.js";

// Plain 2026-07-28 requests of an HTTP endpoint are served on protocol servers kept for many
// requests (runtime/sdk/sdk-lane-2026.ts), pinned to the era through the SDK's own stdio entry; what
// such a server refuses before any handler runs, and what the SDK's entry would check further,
// is answered by the SDK's entry as before. Through toFetchHandler, the web-standard face.

const handlers: FetchHandler[] = [];

function serve(http: Record<string, unknown> = {}): FetchHandler {
  const handler = toFetchHandler(new MiddlewareTools(), { name: "lanes", version: "0.0.1", http });
  handlers.push(handler);
  return handler;
}

/** One 2026-07-28 request with the standard headers a client sends (`headers` overrides them). */
function post(
  handler: FetchHandler,
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
  meta: Record<string, unknown> = META_2026,
) {
  const request = request2026("http://127.0.0.1/mcp", method, params, { headers, meta });
  return handler.handle(request, { remoteAddress: "127.0.0.1" });
}

/** What the tests read of a JSON-RPC answer. */
interface Answer {
  id: number | string | null;
  result: {
    content: Array<{ type: string; text: string }>;
    structuredContent: { result: number };
    resultType?: string;
    supportedVersions: string[];
    _meta: Record<string, { name?: string }>;
  };
  error: { code: number; message: string };
}

async function answerOf(response: Response): Promise<Answer> {
  return (await response.json()) as Answer;
}

afterEach(async () => {
  await Promise.all(handlers.splice(0).map((handler) => handler.close()));
});

describe("2026-07-28 requests on kept protocol servers", () => {
  test("a call is answered with a JSON body in the 2026-07-28 encoding", async () => {
    const response = await post(serve(), "tools/call", { name: "echo", arguments: { text: "hi" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const body = await answerOf(response);
    expect(body).toMatchObject({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "hi" }], resultType: "complete" } });
    expect(body.result._meta["io.modelcontextprotocol/serverInfo"]).toMatchObject({ name: "lanes" });
  });

  test("twenty calls at once, every one with id 1, each get their own answer", async () => {
    const handler = serve();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(handler, "tools/call", { name: "ticket", arguments: {} }).then(answerOf)));
    const tickets = answers.map((answer) => answer.result.structuredContent.result as number);
    expect(answers.every((answer) => answer.id === 1)).toBe(true);
    expect([...tickets].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  test("server/discover on a kept server names 2026-07-28", async () => {
    const response = await post(serve(), "server/discover", {});
    const body = await answerOf(response);
    expect(response.status).toBe(200);
    expect(body.result.supportedVersions).toContain("2026-07-28");
  });

  test("a method the server does not serve gets the SDK entry's 404 and -32601, and the server keeps serving", async () => {
    const handler = serve();
    const refused = await post(handler, "prompts/list", {});
    expect(refused.status).toBe(404);
    expect((await answerOf(refused)).error.code).toBe(-32601);
    expect((await answerOf(await post(handler, "tools/call", { name: "echo", arguments: { text: "still" } }))).result.content[0]?.text).toBe("still");
  });

  test("an Mcp-Name header that disagrees with the body is refused with 400 and -32020, naming both", async () => {
    const response = await post(serve(), "tools/call", { name: "echo", arguments: { text: "hi" } }, { "mcp-name": "ticket" });
    expect(response.status).toBe(400);
    const body = await answerOf(response);
    expect(body.error.code).toBe(-32020);
    expect(body.error.message).toMatch(/echo.*ticket|ticket.*echo/);
  });

  test("a request without the Mcp-Method header is refused with 400 and -32020", async () => {
    const response = await post(serve(), "tools/list", {}, { "mcp-method": "" });
    expect(response.status).toBe(400);
    expect((await answerOf(response)).error.code).toBe(-32020);
  });

  test("an envelope whose client capabilities are not an object is refused with 400 and -32602, naming the key", async () => {
    const meta = { ...META_2026, "io.modelcontextprotocol/clientCapabilities": "all" };
    const response = await post(serve(), "tools/call", { name: "echo", arguments: { text: "hi" } }, {}, meta);
    expect(response.status).toBe(400);
    const body = await answerOf(response);
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toMatch(/clientCapabilities/);
  });

  test("a 2025-11-25 call next to them (a stateless server) is still answered in its own era", async () => {
    const handler = serve({ stateless: true });
    await post(handler, "tools/call", { name: "ticket", arguments: {} });
    const request = new Request("http://127.0.0.1/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ticket", arguments: {} } }),
    });
    const response = await handler.handle(request, { remoteAddress: "127.0.0.1" });
    const text = await response.text();
    const body = JSON.parse(
      response.headers.get("content-type")?.includes("text/event-stream") ? [...text.matchAll(/^data: (.*)$/gm)].at(-1)![1]! : text,
    ) as Answer;
    expect(body.result.structuredContent.result).toBe(2);
    expect(body.result.resultType).toBeUndefined();
  });
});
