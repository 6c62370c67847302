import { describe, expect, test } from "vitest";
import { RequestDeadlines } from "./request-deadlines.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("RequestDeadlines", () => {
  test("aborts a request with the given reason once its time is up", async () => {
    const deadlines = new RequestDeadlines();
    const { signal, done } = deadlines.start(30, () => "too slow");
    await sleep(80);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe("too slow");
    done();
  });

  test("stops the clock while a question is answered, then gives the request its full time again", async () => {
    const deadlines = new RequestDeadlines();
    const { signal, done } = deadlines.start(60, () => "too slow");
    await sleep(40);
    await deadlines.whileAnswering(() => sleep(120));
    // 40 ms before the question and 120 ms answering it: more than 60 in all, yet not timed out.
    expect(signal.aborted).toBe(false);
    await sleep(30);
    expect(signal.aborted).toBe(false);
    await sleep(80);
    expect(signal.aborted).toBe(true);
    done();
  });

  test("passes on an abort of the caller's own signal, and stops timing once done", async () => {
    const deadlines = new RequestDeadlines();
    const caller = new AbortController();
    const first = deadlines.start(1_000, () => "too slow", caller.signal);
    caller.abort("user cancelled");
    expect(first.signal.reason).toBe("user cancelled");
    first.done();
    const second = deadlines.start(20, () => "too slow");
    second.done();
    await sleep(50);
    expect(second.signal.aborted).toBe(false);
  });
});
