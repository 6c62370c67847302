import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createServer, type TypemcpServer } from "typemcp";
import { connectServer, type ServerConnection } from "typemcp/host";
import { connect, type TestClient } from "typemcp/testing";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

// A gateway in this process mounts the task tools, a real server over real HTTP on 127.0.0.1
// speaking 2025-11-25 (whose tools/list says which tools run as tasks); a caller of either era
// runs them as tasks through the gateway, each one a task on the remote server too.
const TASKS = fromRoot("test/fixtures/dist/tc39/tasks.js");

let server: HttpServerProcess;
beforeAll(async () => {
  server = await startHttpServer(TASKS);
});
afterAll(async () => {
  await server?.stop();
});

describe.each(["2025-11-25", "2026-07-28"] as const)("a gateway serving a remote server's task tools to a %s client", (protocolVersion) => {
  let remote: ServerConnection;
  let gateway: TypemcpServer;
  let client: TestClient;
  // What the gateway sent the remote server, and a wait for a method it has yet to send.
  const sent: string[] = [];
  const waiting = new Map<string, () => void>();
  const sends = (method: string) => new Promise<void>((resolve) => (sent.includes(method) ? resolve() : waiting.set(method, resolve)));
  beforeAll(async () => {
    remote = await connectServer(
      { kind: "http", name: "tasks", url: server.url },
      {
        timeoutMs: 10_000,
        clientName: "gateway-test",
        clientVersion: "1.0.0",
        protocol: "2025-11-25",
        proxy: true,
        onWire: (direction, message) => {
          if (direction !== "send" || !("method" in message)) return;
          sent.push(message.method);
          waiting.get(message.method)?.();
        },
      },
    );
    gateway = createServer([], { name: "gateway", version: "0.0.1" });
    gateway.mount("tasks", remote, { tools: { countTo: { name: "count", arguments: { steps: { default: 3 } } } } });
    client = await connect(gateway, { protocolVersion });
  });
  afterAll(async () => {
    await client?.close();
    await remote?.close();
  });

  test("serves a remote tool that runs as a task as one, which runs as a task on the remote server", async () => {
    if (protocolVersion === "2025-11-25") {
      const count = (await client.listTools()).find((t) => t.name === "tasks_count") as { execution?: object } | undefined;
      expect(count?.execution).toEqual({ taskSupport: "optional" });
    }
    sent.length = 0;
    const task = await client.startTask("tasks_count", {});
    expect(["working", "completed"]).toContain(task.status);
    expect((await client.taskResult(task.taskId)).structuredContent).toEqual({ counted: 3 });
    expect(sent).toEqual(expect.arrayContaining(["tools/call", "tasks/result"]));
    expect((await client.getTask(task.taskId)).status).toBe("completed");
  });

  test("cancels the remote task when the caller cancels its own", async () => {
    const task = await client.startTask("tasks_waitForGo");
    const cancelled = sends("tasks/cancel");
    await client.cancelTask(task.taskId);
    await cancelled;
    expect((await client.getTask(task.taskId)).status).toBe("cancelled");
  });
});
