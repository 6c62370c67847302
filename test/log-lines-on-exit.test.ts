import { spawn } from "node:child_process";
import os from "node:os";
import { describe, expect, test } from "vitest";
import { fromRoot } from "./support/paths.js";

// logRequests() and timing() write their lines once per event-loop turn; these are the lines a
// server logged in the very turn it exits in, which only the exit handler can still write.
const SERVER = fromRoot("test/fixtures/dist/tc39/log-exit.js");

describe("logRequests() and timing() on stderr", () => {
  test("every line logged just before process.exit() reaches stderr, in order", async () => {
    const child = spawn(process.execPath, [SERVER], { cwd: os.tmpdir(), stdio: "pipe" });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const call = (id: number, text: string) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo", arguments: { text } } });
    const lines = [
      { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "log", version: "0" } } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      ...Array.from({ length: 50 }, (_, i) => call(i + 1, `call ${i + 1}`)),
      call(51, "exit"),
    ];
    // One write: the calls are read and answered in one turn, the exit in the same turn as the last.
    child.stdin.write(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    expect(await exited).toBe(0);
    const logged = stderr
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { method: string; requestId: number; outcome: string });
    const calls = logged.filter((entry) => entry.method === "tools/call");
    expect(calls.map((entry) => entry.requestId)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    expect(calls.every((entry) => entry.outcome === "ok")).toBe(true);
    expect(stderr.match(/^\[typemcp\] tools\/call echo: [\d.]+ ms \(ok\)$/gm)).toHaveLength(51);
  });
});
