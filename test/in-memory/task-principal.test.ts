import { InMemoryTransport } from "@modelcontextprotocol/client";
import { describe, expect, test } from "vitest";
import { createServer } from "typemcp";
// Not public: a session opened by hand, to give its transport a verified token (the built module, as "typemcp" is).
import { handleOf } from "../../packages/framework/dist/runtime/server-handle.js";
import { TaskTools } from "../fixtures/src/task-tools.js";

type Answer = { result?: Record<string, any>; error?: { code: number; message: string } };
type AuthInfo = { token: string; clientId: string; scopes: string[]; extra?: Record<string, unknown> };

/**
 * A 2025-11-25 connection whose every message carries `authInfo`, as an HTTP transport passes a
 * verified token to the server (`ctx.http.authInfo`). Raw JSON-RPC: the SDK has no client for
 * experimental tasks.
 */
async function connectAs(server: ReturnType<typeof createServer>, authInfo: AuthInfo | undefined) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const pending = new Map<number, (answer: Answer) => void>();
  clientSide.onmessage = (message) => {
    const { id, result, error } = message as { id?: number; result?: Record<string, any>; error?: Answer["error"] };
    if (typeof id === "number") pending.get(id)?.({ ...(result ? { result } : {}), ...(error ? { error } : {}) });
  };
  await handleOf(server, "connect")
    .openSession({ era: "2025-11-25" })
    .connect(serverSide as never);
  await clientSide.start();
  let next = 1;
  const send = (method: string, params: Record<string, unknown>): Promise<Answer> => {
    const id = next++;
    const answered = new Promise<Answer>((resolve) => pending.set(id, resolve));
    void clientSide.send({ jsonrpc: "2.0", id, method, params } as never, authInfo ? { authInfo } : {});
    return answered;
  };
  await send("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "principal", version: "0" } });
  await clientSide.send({ jsonrpc: "2.0", method: "notifications/initialized" } as never, authInfo ? { authInfo } : {});
  return { send, close: () => clientSide.close() };
}

const ada = { token: "t1", clientId: "host", scopes: [], extra: { sub: "ada" } };
const bob = { token: "t2", clientId: "host", scopes: [], extra: { sub: "bob" } };

describe("tasks of an authenticated principal", () => {
  test("follow the principal across its connections, and stay hidden from another principal and from an anonymous session", async () => {
    const server = createServer(new TaskTools(), { name: "principal", version: "0.0.1" });
    const [first, second, other, anonymous] = [
      await connectAs(server, ada),
      await connectAs(server, ada),
      await connectAs(server, bob),
      await connectAs(server, undefined),
    ];
    const created = await first.send("tools/call", { name: "waitForGo", arguments: {}, task: {} });
    const taskId = created.result!.task.taskId as string;

    expect((await second.send("tasks/list", {})).result?.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([taskId]);
    expect((await second.send("tasks/get", { taskId })).result).toMatchObject({ taskId, status: "working" });
    for (const stranger of [other, anonymous]) {
      expect((await stranger.send("tasks/list", {})).result).toEqual({ tasks: [] });
      expect((await stranger.send("tasks/get", { taskId })).error).toMatchObject({ code: -32602, message: expect.stringMatching(/^Task not found: /) });
      expect((await stranger.send("tasks/cancel", { taskId })).error).toMatchObject({ code: -32602 });
    }
    expect((await second.send("tasks/cancel", { taskId })).result).toMatchObject({ taskId, status: "cancelled" });
    await Promise.all([first, second, other, anonymous].map((c) => c.close()));
  });

  test("run with their caller's token as ctx.auth", async () => {
    const server = createServer(new TaskTools(), { name: "principal", version: "0.0.1" });
    const [asAda, anonymous] = [await connectAs(server, ada), await connectAs(server, undefined)];
    const resultOf = async (client: typeof asAda) => {
      const taskId = (await client.send("tools/call", { name: "whoStarted", arguments: {}, task: {} })).result!.task.taskId as string;
      return (await client.send("tasks/result", { taskId })).result?.content;
    };
    expect(await resultOf(asAda)).toEqual([{ type: "text", text: "ada (host)" }]);
    expect(await resultOf(anonymous)).toEqual([{ type: "text", text: "nobody" }]);
    await Promise.all([asAda, anonymous].map((c) => c.close()));
  });
});
