// What a stateless HTTP tools/call leaves for the full collector: on Node 20 a long-lived Set
// added to and deleted from on every call kept the calls in flight alive through scavenges, so
// each call's whole request, response and answer was copied into old space (3.7 KB a call, about
// half of the call's CPU; see transports/http/in-flight-list.ts). The calculator's own node:http
// server, driven through in-memory sockets with 16 calls in flight (bench/lib/in-memory-load.mjs),
// so the calls come as fast as the server takes them.
import { spawn } from "node:child_process";
import { expect, test } from "vitest";
import { CALC_SERVER, fromRoot } from "./support/paths.js";

const LOAD = fromRoot("bench/lib/in-memory-load.mjs");

// Whether the Set's tables were in old space depended on when scavenges fell: two processes.
async function measure(): Promise<{ promotedB: number; scavenges: number }> {
  const child = spawn(process.execPath, ["--import", LOAD, CALC_SERVER, "--http", "--stateless", "--port", "0"], {
    env: { ...process.env, GAP_WARMUP: "10000", GAP_CALLS: "8000" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  // "close", not "exit": at exit the last of stderr may still be unread.
  const code = await new Promise((resolve) => child.on("close", resolve));
  expect(code, stderr).toBe(0);
  return JSON.parse(/\[gap (.*)\]/.exec(stderr)![1]!) as { promotedB: number; scavenges: number };
}

test("stateless HTTP tools/calls, 16 in flight, move less than 1 KB a call into old space", async () => {
  for (let run = 0; run < 2; run++) {
    const measured = await measure();
    // Enough scavenges that calls in flight at them would have shown.
    expect(measured.scavenges).toBeGreaterThanOrEqual(10);
    expect(measured.promotedB).toBeLessThan(1000);
  }
}, 120_000);
