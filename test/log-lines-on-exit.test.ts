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
    const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
    const call = (id: number, text: string) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo", arguments: { text } } });
    const lines = [
      { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "log", version: "0" } } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      ...Array.from({ length: 50 }, (_, i) => call(i + 1, `call ${i + 1}`)),
      // A name a client chose, with what JSON must escape: the line is still one valid JSON line.
      { jsonrpc: "2.0", id: 60, method: "tools/call", params: { name: 'we"ird\nname\u2028', arguments: {} } },
      call(51, "exit"),
    ];
    // One write: the calls are read and answered in one turn, the exit in the same turn as the last.
    child.stdin.write(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    expect(await exited).toBe(0);
    const logged = stderr
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { method: string; requestId: number; outcome: string });
    const calls = logged.filter((entry) => entry.method === "tools/call" && entry.requestId !== 60);
    expect(calls.map((entry) => entry.requestId)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    expect(calls.every((entry) => entry.outcome === "ok")).toBe(true);
    // Each line is the entry's JSON, keys in the documented order, the time an exact ISO 8601 string.
    for (const entry of logged) expect(new Date((entry as unknown as { time: string }).time).toISOString()).toBe((entry as unknown as { time: string }).time);
    expect(Object.keys(calls[0]!)).toEqual(["time", "method", "target", "requestId", "client", "protocolVersion", "durationMs", "outcome"]);
    const weird = logged.find((entry) => entry.requestId === 60) as unknown as Record<string, unknown>;
    expect(Object.keys(weird)).toEqual(["time", "method", "target", "requestId", "client", "protocolVersion", "durationMs", "outcome", "error"]);
    expect(weird).toMatchObject({ target: 'we"ird\nname\u2028', outcome: "error", error: expect.stringContaining("Unknown tool") });
    expect(stderr.match(/^\[typemcp\] tools\/call echo: [\d.]+ ms \(ok\)$/gm)).toHaveLength(51);
  });
  test("lines still waiting when the server is stopped with SIGTERM reach stderr", async () => {
    const child = spawn(process.execPath, [SERVER], { cwd: os.tmpdir(), stdio: "pipe" });
    let stderr = "";
    let stdout = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
    const answered = new Promise<void>((resolve) =>
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        if (/"id":20[,}]/.test(stdout)) resolve();
      }),
    );
    const lines = [
      { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "log", version: "0" } } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      ...Array.from({ length: 20 }, (_, i) => ({
        jsonrpc: "2.0",
        id: i + 1,
        method: "tools/call",
        params: { name: "echo", arguments: { text: `call ${i + 1}` } },
      })),
    ];
    child.stdin.write(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    // The signal arrives as soon as the last answer is out, while its log lines may still wait.
    await answered;
    child.kill("SIGTERM");
    await exited;
    const ids = stderr
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { method: string; requestId: number })
      .filter((entry) => entry.method === "tools/call")
      .map((entry) => entry.requestId);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(stderr.match(/^\[typemcp\] tools\/call echo: [\d.]+ ms \(ok\)$/gm)).toHaveLength(20);
  });

  test("a request with no target has no target key, an empty target name keeps its key, and a string id stays a string", async () => {
    const child = spawn(process.execPath, [SERVER], { cwd: os.tmpdir(), stdio: "pipe" });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
    const lines = [
      { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "log", version: "0" } } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      // Twice each: the second line is built from the parts the first one kept.
      { jsonrpc: "2.0", id: 'list "1"', method: "tools/list", params: {} },
      { jsonrpc: "2.0", id: 'list "2"', method: "tools/list", params: {} },
      { jsonrpc: "2.0", id: 70, method: "tools/call", params: { name: "", arguments: {} } },
      { jsonrpc: "2.0", id: 71, method: "tools/call", params: { name: "", arguments: {} } },
      { jsonrpc: "2.0", id: 72, method: "tools/call", params: { name: "echo", arguments: { text: "exit" } } },
    ];
    child.stdin.write(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    expect(await exited).toBe(0);
    const logged = stderr
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const common = ["time", "method"];
    const tail = ["requestId", "client", "protocolVersion", "durationMs", "outcome"];
    const lists = logged.filter((entry) => entry.method === "tools/list");
    expect(lists.map((entry) => entry.requestId)).toEqual(['list "1"', 'list "2"']);
    for (const entry of lists) expect(Object.keys(entry)).toEqual([...common, ...tail]);
    const unnamed = logged.filter((entry) => entry.requestId === 70 || entry.requestId === 71);
    expect(unnamed).toHaveLength(2);
    for (const entry of unnamed) {
      expect(Object.keys(entry)).toEqual([...common, "target", ...tail, "error"]);
      expect(entry).toMatchObject({ target: "", outcome: "error", protocolVersion: "2025-11-25" });
    }
  });
});
