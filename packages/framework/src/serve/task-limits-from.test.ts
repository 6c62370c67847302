import { describe, expect, test } from "vitest";
import { taskLimitsFrom } from "./task-limits-from.js";

describe("taskLimitsFrom", () => {
  test("reads each flag over its variable, and the TTL in seconds", () => {
    expect(taskLimitsFrom(["--max-tasks", "20", "--max-task-ttl", "90"], { MCP_MAX_TASKS: "5", MCP_MAX_TASK_BYTES_PER_OWNER: "2048" })).toEqual({
      maxTasks: 20,
      maxTaskBytesPerOwner: 2048,
      maxTaskTtlMs: 90_000,
    });
  });

  test("leaves out what is not given, so the code's limits hold", () => {
    expect(taskLimitsFrom([], { MCP_MAX_TASKS_PER_OWNER: "" })).toEqual({});
  });

  test("refuses what is not a whole number of at least 1, naming the flag and the variable", () => {
    expect(() => taskLimitsFrom(["--max-task-result-bytes", "1MB"], {})).toThrow(
      '--max-task-result-bytes / MCP_MAX_TASK_RESULT_BYTES must be a whole number of bytes, 1 or more, not "1MB".',
    );
    expect(() => taskLimitsFrom([], { MCP_MAX_TASKS_PER_OWNER: "0" })).toThrow(
      '--max-tasks-per-owner / MCP_MAX_TASKS_PER_OWNER must be a whole number of tasks, 1 or more, not "0".',
    );
  });
});
