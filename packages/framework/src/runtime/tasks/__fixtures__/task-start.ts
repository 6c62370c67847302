import type { TaskStart } from "../task-runner.js";

/** How the runner tests start a task: one anonymous 2025-11-25 session's, with no client abilities, its task watched every `pollIntervalMs`. */
export function taskStart(pollIntervalMs = 500): TaskStart {
  return {
    ttlMs: 60_000,
    pollIntervalMs,
    client: { elicitation: false, sampling: false, roots: false },
    era: "2025-11-25",
    owner: "session:a",
    caller: { kind: "anonymous", key: "session:a", countKey: "session:a" },
  };
}
