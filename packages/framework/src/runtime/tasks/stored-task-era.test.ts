import { describe, expect, test } from "vitest";
import { startedCallOf } from "./task-runner.js";

const CALL = { tool: "plan", arguments: { days: 2 }, client: {}, pollIntervalMs: 500 };

describe("a stored task's call", () => {
  test("stored by an older version with modern or legacy, is read as the era it meant, so its input round still runs", () => {
    expect(startedCallOf({ ...CALL, era: "modern" })).toEqual({ ...CALL, era: "2026-07-28" });
    expect(startedCallOf({ ...CALL, era: "legacy" })).toEqual({ ...CALL, era: "2025-11-25" });
    expect(startedCallOf({ ...CALL, era: "2026-07-28" })).toEqual({ ...CALL, era: "2026-07-28" });
    expect(startedCallOf(undefined)).toBeUndefined();
  });
});
