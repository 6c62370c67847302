import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { fromRoot } from "../support/paths.js";

/** The fixture server built from test/fixtures/src/reliability.ts. */
export const RELIABILITY_SERVER = fromRoot("test/fixtures/dist/tc39/reliability.js");

/** A process's resident memory in MB, from /proc (Linux, where CI runs). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The initialize request every raw test sends first. */
export const INITIALIZE = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "reliability", version: "0" } },
} as const;

/** `node script` over raw pipes; stdout is not read until `readAll` is called. */
export function spawnQuiet(script: string) {
  const child = spawn(process.execPath, [script], { cwd: os.tmpdir(), stdio: "pipe" });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  // "close", not "exit": at "exit" the last of stdout and stderr may still be unread (a test that
  // pauses stdout resumes it before it waits on this).
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

/** Resolves with `promise`'s value, or rejects after `ms`: how a test says "not frozen". */
export function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
