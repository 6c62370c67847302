import { spawn } from "node:child_process";
import os from "node:os";
import { describe, expect, test } from "vitest";
import { CALC_SERVER, fromRoot } from "./support/paths.js";

// serve() stops V8's young generation growing once start-up has made it 8 MB (see
// src/serve/young-generation.ts); without that, a burst of pipelined calls doubles it to 32 MB
// and the process keeps the memory. Read from inside the server through a preloaded module, which
// also keeps 64 MB of young objects alive before it reads: enough survivors that V8 grows an
// uncapped young generation on any machine, busy or idle (a burst alone grows it only when
// enough calls overlap, which a loaded CI machine does not promise).
const REPORT = fromRoot("test/fixtures/report-young-generation.mjs");

async function youngGenerationAfterBurst(env: Record<string, string> = {}): Promise<number> {
  const child = spawn(process.execPath, ["--import", REPORT, CALC_SERVER], {
    cwd: os.tmpdir(),
    stdio: "pipe",
    env: { ...process.env, YOUNG_SURVIVORS_MB: "64", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  let waiting: { count: number; resolve: () => void } | undefined;
  const settle = () => {
    if (waiting && stdout.split("\n").length > waiting.count) {
      waiting.resolve();
      waiting = undefined;
    }
  };
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    settle();
  });
  const answers = (count: number) =>
    new Promise<void>((resolve) => {
      waiting = { count, resolve };
      settle();
    });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "0" } } })}\n${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`,
    );
    await answers(1);
    // 5,000 calls, 32 at a time: many objects alive across each scavenge, as under load.
    const CALLS = 5_000;
    for (let sent = 0; sent < CALLS; sent += 32) {
      const batch = Array.from({ length: Math.min(32, CALLS - sent) }, (_, i) =>
        JSON.stringify({ jsonrpc: "2.0", id: sent + i + 1, method: "tools/call", params: { name: "add", arguments: { a: sent, b: i } } }),
      );
      child.stdin.write(`${batch.join("\n")}\n`);
      await answers(sent + batch.length + 1);
    }
    const reported = new Promise<number>((resolve) =>
      child.stderr.on("data", () => {
        const match = /young-generation (\d+)/.exec(stderr);
        if (match) resolve(Number(match[1]));
      }),
    );
    child.kill("SIGUSR2");
    return await reported;
  } finally {
    child.stdin.end();
    await exited;
  }
}

describe("memory after a burst of calls", () => {
  test("the young generation stays at the 8 MB start-up gave it after 5,000 pipelined calls and 64 MB of survivors", async () => {
    expect(await youngGenerationAfterBurst()).toBeLessThanOrEqual(8 * 1024 * 1024);
  });

  test("a semi-space flag the user passed is left to decide", async () => {
    // --max-semi-space-size=32 lets V8 grow to 64 MB per generation; serve() must not cap it at 8.
    expect(await youngGenerationAfterBurst({ NODE_OPTIONS: "--max-semi-space-size=32" })).toBeGreaterThan(8 * 1024 * 1024);
  });

  test("with an OpenTelemetry SDK registered it is left to grow (a batch span processor's spans would otherwise outlive their scavenges)", async () => {
    const sdk = fromRoot("bench/servers/otel-sdk.mjs");
    expect(await youngGenerationAfterBurst({ NODE_OPTIONS: `--import=${sdk}` })).toBeGreaterThan(8 * 1024 * 1024);
  });
});
