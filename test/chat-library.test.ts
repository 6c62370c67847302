import { spawn } from "node:child_process";
import { describe, expect, test } from "vitest";
import { ChatSession, connectServer, type ChatEvent, type ModelAdapter, type ModelRequest, type ModelTurn } from "typemcp/host";
import { startFakeProvider } from "./support/fake-providers.js";
import { HOST_SERVERS } from "./support/host-cli.js";
import { ROOT, TYPEMCP_CLI } from "./support/paths.js";
import { TWO_ERA_SERVER } from "./support/two-era-server.js";

const LONG_CALL = { name: "everything__trigger-long-running-operation", arguments: { duration: 30, steps: 30 } };

/** A model adapter that plays back turns and keeps every request: the loop's side of a model, in process. */
function scriptedModel(turns: ModelTurn[]): ModelAdapter & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    provider: "anthropic",
    toolFormat: "anthropic",
    model: "scripted",
    requests,
    check: async () => {},
    complete: async (request) => {
      requests.push({ ...request, messages: [...request.messages] });
      return turns[Math.min(requests.length - 1, turns.length - 1)]!;
    },
  };
}

describe("typemcp/host: the chat loop as a library", { timeout: 60_000 }, () => {
  test("Ctrl-C (an aborted signal) cancels a running call with MCP cancellation and ends the turn, not the session", async () => {
    const wire: Array<{ direction: string; message: any }> = [];
    const controller = new AbortController();
    // Ctrl-C once the call is on its way to the server (not on a timer that a loaded machine can outrun).
    const onWire = (direction: string, message: any) => {
      wire.push({ direction, message });
      if (direction === "send" && message.method === "tools/call") setImmediate(() => controller.abort());
    };
    const everything = await connectServer(
      { kind: "stdio", name: "everything", command: process.execPath, args: [HOST_SERVERS.everything, "stdio"], inheritEnv: false },
      { timeoutMs: 30_000, clientName: "test", clientVersion: "1.0.0", onWire },
    );
    try {
      const model = scriptedModel([
        { text: "", calls: [{ id: "c1", ...LONG_CALL }] },
        { text: "Your earlier operation was cancelled.", calls: [] },
      ]);
      const events: ChatEvent[] = [];
      const chat = new ChatSession({
        servers: [{ name: "everything", tools: everything.tools, call: everything.call }],
        model,
        consent: () => "always",
        onEvent: (event) => void events.push(event),
      });
      const first = await chat.send("Run a long operation.", { signal: controller.signal });
      expect(first).toEqual({ stopped: "cancelled", steps: 1 });
      expect(events.find((e) => e.type === "result")).toMatchObject({ id: "c1", isError: true, text: "Cancelled by the user while it ran." });
      const call = wire.find((w) => w.direction === "send" && w.message.method === "tools/call")!;
      await expect
        .poll(() => wire.find((w) => w.direction === "send" && w.message.method === "notifications/cancelled")?.message.params.requestId)
        .toBe(call.message.id);

      const second = await chat.send("What happened?");
      expect(second).toEqual({ answer: "Your earlier operation was cancelled.", steps: 1 });
      // The conversation went on with the cancelled call's result in it.
      expect(model.requests[1]!.messages.map((m) => m.role)).toEqual(["user", "model", "tools", "user"]);
    } finally {
      await everything.close();
    }
  });

  test("the same loop over a 2026-07-28 connection: calls, and cancels with MCP cancellation", async () => {
    const wire: Array<{ direction: string; message: any }> = [];
    const controller = new AbortController();
    // Ctrl-C once the long call is on its way to the server (not on a timer that a loaded machine can outrun).
    const onWire = (direction: string, message: any) => {
      wire.push({ direction, message });
      if (direction === "send" && message.method === "tools/call" && message.params?.name === "wait") setImmediate(() => controller.abort());
    };
    const server = await connectServer(
      { kind: "stdio", name: "two-era", command: process.execPath, args: [TWO_ERA_SERVER], inheritEnv: false },
      { timeoutMs: 30_000, clientName: "test", clientVersion: "1.0.0", onWire },
    );
    try {
      expect(server.era).toEqual({ name: "2026-07-28", kind: "stateless", protocolVersion: "2026-07-28" });
      const model = scriptedModel([
        { text: "", calls: [{ id: "c1", name: "two-era__shout", arguments: { text: "hi" } }] },
        { text: "It said HI.", calls: [] },
        { text: "", calls: [{ id: "c2", name: "two-era__wait", arguments: { ms: 30_000 } }] },
      ]);
      const chat = new ChatSession({
        servers: [{ name: "two-era", tools: server.tools, call: server.call }],
        model,
        consent: () => "always",
      });
      expect(await chat.send("Shout hi.")).toEqual({ answer: "It said HI.", steps: 2 });
      expect(model.requests[1]!.messages.at(-1)).toMatchObject({ role: "tools" });
      expect(await chat.send("Wait a long time.", { signal: controller.signal })).toEqual({ stopped: "cancelled", steps: 1 });
      const call = wire.find((w) => w.direction === "send" && w.message.method === "tools/call" && w.message.params.name === "wait")!;
      await expect
        .poll(() => wire.find((w) => w.direction === "send" && w.message.method === "notifications/cancelled")?.message.params.requestId)
        .toBe(call.message.id);
      expect(wire.some((w) => w.message.method === "initialize")).toBe(false);
    } finally {
      await server.close();
    }
  });

  test("typemcp chat --prompt exits 130 on Ctrl-C during a call, after telling the server", async () => {
    const fake = await startFakeProvider("anthropic", () => ({ calls: [{ name: LONG_CALL.name, args: LONG_CALL.arguments }] }));
    try {
      const child = spawn(
        process.execPath,
        [
          TYPEMCP_CLI,
          "chat",
          "--provider",
          "anthropic",
          "--model",
          "test-model",
          "--base-url",
          fake.baseUrl,
          "--prompt",
          "Run it.",
          "--yes",
          "--verbose",
          "--name",
          "everything",
          "--",
          process.execPath,
          HOST_SERVERS.everything,
          "stdio",
        ],
        { cwd: ROOT, env: { ...process.env, ANTHROPIC_API_KEY: "k" } },
      );
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr += chunk;
        if (chunk.includes('"method":"tools/call"')) child.kill("SIGINT");
      });
      const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(status).toBe(130);
      // --verbose says which era the chat's connection speaks, as list and call do.
      expect(stderr).toContain("[everything] protocol 2025-11-25 (initialize handshake: the server gave no 2026-07-28 answer to server/discover)\n");
      expect(stderr).toMatch(/\[everything\] → \{.*"method":"notifications\/cancelled","params":\{"requestId":\d+/);
      expect(stderr).toContain("Cancelled.");
      expect(fake.generations()).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });
});
