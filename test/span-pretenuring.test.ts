// What a traced stateless HTTP tools/call leaves for the full collector. An OpenTelemetry batch
// span processor keeps each span until 512 have ended; on Node 20 a scavenge that came fewer
// than ~500 of the calculator's 2026-07-28 calls after the last found every span made since
// alive, and V8 pretenured the SDK's span literals for good: each span then lived in old space and
// a traced call moved ~85 B a call more into it than a plain one (src/serve/span-pretenuring.ts).
// The calculator's own node:http server, driven through in-memory sockets with 16 calls in flight
// (bench/lib/in-memory-load.mjs); V8's own account of its pretenuring decisions read from stdout.
import { spawn } from "node:child_process";
import { expect, test } from "vitest";
import { CALC_SERVER, fromRoot } from "./support/paths.js";

const LOAD = fromRoot("bench/lib/in-memory-load.mjs");
const OTEL = fromRoot("bench/servers/otel-sdk.mjs");

interface Measured {
  promotedB: number;
  scavenges: number;
  /** The allocation sites V8 decided to pretenure (its `--trace-pretenuring-statistics` lines). */
  tenured: string[];
}

async function measure(traced: boolean): Promise<Measured> {
  const sdk = traced ? ["--import", OTEL] : [];
  const child = spawn(process.execPath, ["--trace-pretenuring-statistics", ...sdk, "--import", LOAD, CALC_SERVER, "--http", "--stateless", "--port", "0"], {
    env: { ...process.env, GAP_ERA: "2026-07-28" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  // "close", not "exit": at exit the last of stdout and stderr may still be unread.
  const code = await new Promise((resolve) => child.on("close", resolve));
  expect(code, stderr).toBe(0);
  const measured = JSON.parse(/\[gap (.*)\]/.exec(stderr)![1]!) as Omit<Measured, "tenured">;
  return { ...measured, tenured: stdout.split("\n").filter((line) => line.endsWith("=> tenure")) };
}

test("a traced 2026-07-28 HTTP tools/call moves no more into old space than a plain one: V8 pretenures none of the SDK's spans", async () => {
  const plain = await measure(false);
  const traced = await measure(true);
  expect(traced.tenured).toEqual([]);
  // Enough scavenges that spans alive at them would have shown.
  expect(traced.scavenges).toBeGreaterThanOrEqual(10);
  expect(traced.promotedB - plain.promotedB).toBeLessThan(40);
}, 120_000);
