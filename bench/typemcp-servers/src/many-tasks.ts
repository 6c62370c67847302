#!/usr/bin/env node
// The server of `node bench/scaling.mjs`'s task rows: one tool that runs as a task and takes as
// long as it is told, so what a thousand tasks at once cost the server (memory, the time from
// creating one to reading its result) can be measured apart from the work itself.
import { serve, tool } from "typemcp";

// These servers build without Node's types (tsconfig "types": []); the timer is the one thing this one needs.
declare function setTimeout(callback: () => void, ms: number): unknown;

class ManyTasks {
  /**
   * Waits `ms` milliseconds, then answers with `n`.
   * @param n Which task this is.
   * @param ms How long the task runs, in milliseconds.
   */
  @tool({ task: { ttlMs: 600_000, pollIntervalMs: 50 } })
  async work(n: number, ms: number): Promise<{ n: number }> {
    await new Promise<void>((resolve) => setTimeout(resolve, ms));
    return { n };
  }
}

await serve(new ManyTasks(), { name: "many-tasks", version: "1.0.0" });
