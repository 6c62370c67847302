import { describe, expect, test } from "vitest";
import { RequestDeadlines } from "./request-deadlines.js";
import { UrlSteps, urlStepsOf } from "./url-steps.js";

const STEP = { mode: "url", message: "Authorize.", url: "https://example.com/a", elicitationId: "e-1" };
const refusal = (...elicitations: object[]) => Object.assign(new Error("authorize first"), { code: -32042, data: { elicitations } });

describe("URL steps (-32042)", () => {
  test("reads the steps of a -32042 error, and nothing else", () => {
    expect(urlStepsOf(refusal(STEP))).toEqual([{ message: "Authorize.", url: "https://example.com/a", elicitationId: "e-1" }]);
    expect(urlStepsOf(Object.assign(new Error("x"), { code: -32603, data: { elicitations: [STEP] } }))).toBeUndefined();
    expect(urlStepsOf(refusal({ mode: "url", url: "https://example.com/a" }))).toBeUndefined();
    expect(urlStepsOf(refusal())).toBeUndefined();
    expect(urlStepsOf(refusal(STEP, STEP))).toHaveLength(1);
  });

  test("two calls waiting for the same step both go again on its one completion, and a step listed twice is waited for once", async () => {
    const asked: string[] = [];
    const steps = new UrlSteps({ elicitUrl: async (request) => (asked.push(request.elicitationId), { action: "accept" }) }, new RequestDeadlines());
    const attempts = new Map<string, number>();
    const call = (name: string) => async () => {
      const attempt = (attempts.get(name) ?? 0) + 1;
      attempts.set(name, attempt);
      if (attempt === 1) throw refusal(STEP, STEP);
      return `${name} done`;
    };
    const started = Date.now();
    const both = Promise.all([steps.call(call("a"), "s", 10_000), steps.call(call("b"), "s", 10_000)]);
    // Both were refused and asked the user: the completion finds them waiting.
    await expect.poll(() => asked.length).toBe(2);
    steps.completed("e-1", "s");
    expect(await both).toEqual(["a done", "b done"]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(asked).toEqual(["e-1", "e-1"]);
  });

  test("a completion that arrives before the call waits is kept for it; a declined step ends the call with the server's error", async () => {
    let answer: "accept" | "decline" = "accept";
    const steps = new UrlSteps({ elicitUrl: async () => ({ action: answer }) }, new RequestDeadlines());
    steps.completed("e-1", "s");
    let calls = 0;
    const call = async () => (++calls === 1 ? Promise.reject(refusal(STEP)) : "done");
    expect(await steps.call(call, "s", 60_000)).toBe("done");
    answer = "decline";
    calls = 0;
    await expect(steps.call(call, "s", 60_000)).rejects.toThrow("authorize first");
    expect(calls).toBe(1);
  });
});
