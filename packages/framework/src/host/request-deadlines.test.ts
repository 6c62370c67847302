import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { RequestDeadlines } from "./request-deadlines.js";

// Vitest's fake clock: each limit is checked to the millisecond, and the tests wait for nothing.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("RequestDeadlines", () => {
  test("aborts a request with the given reason once its time is up, and not a millisecond before", async () => {
    const deadlines = new RequestDeadlines();
    const { signal, done } = deadlines.start(30, () => "too slow");
    await vi.advanceTimersByTimeAsync(29);
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe("too slow");
    done();
  });

  test("stops the clock while a question is answered, then gives the request its full time again", async () => {
    const deadlines = new RequestDeadlines();
    const { signal, done } = deadlines.start(60, () => "too slow");
    await vi.advanceTimersByTimeAsync(40);
    const answered = deadlines.whileAnswering(() => sleep(120));
    await vi.advanceTimersByTimeAsync(120);
    await answered;
    // 40 ms before the question and 120 ms answering it: more than 60 in all, yet not timed out.
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(59);
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
    done();
  });

  test("keeps the clock stopped until the last of two overlapping questions is answered", async () => {
    const deadlines = new RequestDeadlines();
    const { signal, done } = deadlines.start(50, () => "too slow");
    const first = deadlines.whileAnswering(() => sleep(100));
    const second = deadlines.whileAnswering(() => sleep(200));
    await vi.advanceTimersByTimeAsync(100);
    await first;
    await vi.advanceTimersByTimeAsync(100);
    await second;
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
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
    await vi.advanceTimersByTimeAsync(1_000);
    expect(second.signal.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
