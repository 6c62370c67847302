import { describe, expect, test } from "vitest";
import { deriveOne, failOne, fixture } from "./__fixtures__/derive-one.js";

describe("deriveTask (the task option of @tool)", () => {
  test("records `task: true` with the default TTL and poll interval", () => {
    const tool = deriveOne(`@tool({ task: true }) slow(): string { return ""; }`);
    expect(tool.task).toEqual({ support: "optional", ttlMs: 3_600_000, pollIntervalMs: 1_000 });
  });

  test("records a required task with its own TTL and poll interval, from named constants too", () => {
    const tool = deriveOne(
      `@tool({ name: "export", task: { required: true, ttlMs: TEN_MINUTES, pollIntervalMs: 500, startAfterMs: 200 } }) slow(): string { return ""; }`,
      "const TEN_MINUTES = 600_000;",
    );
    expect(tool.task).toEqual({ support: "required", ttlMs: 600_000, pollIntervalMs: 500, startAfterMs: 200 });
  });

  test("records nothing for a tool without the option or with `task: false`", () => {
    expect(deriveOne(`@tool() quick(): string { return ""; }`).task).toBeUndefined();
    expect(deriveOne(`@tool({ task: false }) quick(): string { return ""; }`).task).toBeUndefined();
  });

  test("rejects a task option the build cannot read or that has the wrong shape, in words", () => {
    const messages = (member: string) => failOne(fixture(member)).map((e) => e.message);
    expect(messages(`@tool({ task: Math.random() > 0.5 }) slow(): string { return ""; }`)).toEqual([
      "Fixture.slow: the task option must be a literal the build can read: `true`, `false` or `{ required?: boolean, ttlMs?: number, pollIntervalMs?: number, startAfterMs?: number }`",
    ]);
    expect(messages(`@tool({ task: { ttlMs: 1.5, pollIntervalMs: 0, startAfterMs: -1 } }) slow(): string { return ""; }`)).toEqual([
      "Fixture.slow: task.ttlMs must be a positive whole number of milliseconds (got 1.5)",
      "Fixture.slow: task.pollIntervalMs must be a positive whole number of milliseconds (got 0)",
      "Fixture.slow: task.startAfterMs must be a non-negative whole number of milliseconds (got -1)",
    ]);
  });
});
