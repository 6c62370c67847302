import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { OPAQUE_CLIENT, RESOURCE_SERVER_CLIENT, startOpenIdProvider, type OpenIdProvider } from "./fixtures/openid-provider.js";
import { jsonRpcAnswer, post2026, startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

// Issue #27: a task started by a tool that needs scopes is read, answered and cancelled only by
// a caller that holds them still, on top of the owner rules: the same principal with a narrower
// token gets the 403 insufficient_scope that starts a step-up, as a tools/call would.
const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "task-scopes", version: "0" },
  "io.modelcontextprotocol/clientCapabilities": { extensions: { "io.modelcontextprotocol/tasks": {} } },
};

describe("2026-07-28 tasks/* of a tool that needs scopes, over HTTP with real tokens", () => {
  let provider: OpenIdProvider;
  let server: HttpServerProcess;

  beforeAll(async () => {
    provider = await startOpenIdProvider();
    // Introspection too, for the opaque token of another client (another principal).
    server = await startHttpServer(fromRoot("test/fixtures/dist/tc39/tickets.js"), [], {
      MCP_AUTH_ISSUER: provider.issuer,
      MCP_AUTH_INTROSPECTION_CLIENT_ID: RESOURCE_SERVER_CLIENT.id,
      MCP_AUTH_INTROSPECTION_CLIENT_SECRET: RESOURCE_SERVER_CLIENT.secret,
    });
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
  });

  async function send(token: string, method: string, params: Record<string, unknown>, name: string) {
    const res = await post2026(
      server.url,
      { id: 1, method, name, params, meta: META, headers: { Authorization: `Bearer ${token}` } },
      AbortSignal.timeout(10_000),
    );
    const text = await res.text();
    return {
      status: res.status,
      challenge: res.headers.get("www-authenticate"),
      body: text ? jsonRpcAnswer(text, res.headers.get("content-type")) : undefined,
    };
  }

  test("the owner whose token lost the tool's scope gets 403 insufficient_scope naming it; with the scope, and only as the owner, the task is reached", async () => {
    const admin = await provider.token(server.url, "tickets:read tickets:admin");
    const created = await send(admin, "tools/call", { name: "exportTickets", arguments: {} }, "exportTickets");
    expect(created.status).toBe(200);
    const taskId = created.body.result.taskId as string;
    expect(taskId).toEqual(expect.any(String));

    // The same principal (the client's subject), with a token that may only read.
    const reader = await provider.token(server.url, "tickets:read");
    for (const method of ["tasks/get", "tasks/update", "tasks/cancel"]) {
      const refused = await send(reader, method, { taskId, ...(method === "tasks/update" ? { inputResponses: {} } : {}) }, taskId);
      expect(refused.status, method).toBe(403);
      expect(refused.challenge, method).toContain('error="insufficient_scope", scope="tickets:read tickets:admin"');
      expect(refused.body.error.message, method).toContain('the task of tool "exportTickets" needs the scope tickets:admin');
    }

    // Another principal with every scope: the owner rule answers, as for an id never issued.
    const stranger = await provider.token(server.url, "tickets:read tickets:admin", OPAQUE_CLIENT);
    expect((await send(stranger, "tasks/get", { taskId }, taskId)).body.error.message).toMatch(/^Task not found/);

    // The owner with the scope reads and cancels it.
    expect((await send(admin, "tasks/get", { taskId }, taskId)).body.result).toMatchObject({ taskId, status: "working" });
    expect((await send(admin, "tasks/cancel", { taskId }, taskId)).status).toBe(200);
    expect((await send(admin, "tasks/get", { taskId }, taskId)).body.result).toMatchObject({ taskId, status: "cancelled" });
  });
});
