// What a stateless HTTP tools/call leaves for the full collector: on Node 20 a long-lived Set
// added to and deleted from on every call kept the calls in flight alive through scavenges, so
// each call's whole request, response and answer was copied into old space (3.7 KB a call, about
// half of the call's CPU; see runtime/sdk/in-flight-list.ts). The calculator's own node:http
// server, driven through in-memory sockets with 16 calls in flight (bench/lib/in-memory-load.mjs),
// so the calls come as fast as the server takes them. After that, on Node 20 each answer's
// headers (and on 2026-07-28 its result) were made by spreading an object a spread had made,
// which gave each a hidden class of its own in old space (runtime/sdk/with-fields.ts): 73 B
// (2025-11-25) and 179 B (2026-07-28) a call moved there, and 163 B and 106 B allocated there.
import { spawn } from "node:child_process";
import { expect, test } from "vitest";
import { CALC_SERVER, fromRoot } from "./support/paths.js";

const LOAD = fromRoot("bench/lib/in-memory-load.mjs");

// Whether the Set's tables were in old space depended on when scavenges fell: two processes.
type Measured = { promotedB: number; oldAllocatedB: number; scavenges: number };

async function measure(era = "2025-11-25"): Promise<Measured> {
  const child = spawn(process.execPath, ["--import", LOAD, CALC_SERVER, "--http", "--stateless", "--port", "0"], {
    env: { ...process.env, GAP_WARMUP: "10000", GAP_CALLS: "8000", GAP_ERA: era },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  // "close", not "exit": at exit the last of stderr may still be unread.
  const code = await new Promise((resolve) => child.on("close", resolve));
  expect(code, stderr).toBe(0);
  return JSON.parse(/\[gap (.*)\]/.exec(stderr)![1]!) as Measured;
}

test("stateless HTTP tools/calls, 16 in flight, move less than 1 KB a call into old space", async () => {
  for (let run = 0; run < 2; run++) {
    const measured = await measure();
    // Enough scavenges that calls in flight at them would have shown.
    expect(measured.scavenges).toBeGreaterThanOrEqual(10);
    expect(measured.promotedB).toBeLessThan(1000);
  }
}, 120_000);

// Measured after the fix: 2–10 B a call of each (the no-SDK floor server: ~12 B moved).
test.each(["2025-11-25", "2026-07-28"])(
  "stateless %s tools/calls move less than 40 B a call into old space, and make less than 40 B there",
  async (era) => {
    const measured = await measure(era);
    expect(measured.scavenges).toBeGreaterThanOrEqual(10);
    expect(measured.promotedB).toBeLessThan(40);
    expect(measured.oldAllocatedB).toBeLessThan(40);
  },
  120_000,
);
