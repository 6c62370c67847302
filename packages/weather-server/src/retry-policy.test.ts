import { describe, expect, test } from "vitest";
import type { NwsFailure } from "./nws-errors.js";
import { parseRetryAfter, retryDelayMs, type RetryPolicy } from "./retry-policy.js";

const POLICY: RetryPolicy = { retries: 2, baseDelayMs: 500, maxDelayMs: 10_000 };
const status = (code: number, retryAfterMs?: number): NwsFailure => ({
  kind: "status",
  status: code,
  problem: undefined,
  contentType: "application/problem+json",
  body: "",
  retryAfterMs,
});

describe("retryDelayMs", () => {
  test.each([429, 500, 502, 503, 504])("retries HTTP %d with a doubling backoff", (code) => {
    expect([0, 1].map((attempt) => retryDelayMs(status(code), attempt, POLICY))).toEqual([500, 1_000]);
  });

  test("retries a network error", () => {
    expect(retryDelayMs({ kind: "unreachable", code: "ECONNRESET", cause: undefined }, 0, POLICY)).toBe(500);
  });

  test("stops after the allowed retries", () => {
    expect(retryDelayMs(status(503), 2, POLICY)).toBeUndefined();
  });

  test.each<[string, NwsFailure]>([
    ["a 400", status(400)],
    ["a 404", status(404)],
    ["a timeout", { kind: "timeout", timeoutMs: 10_000 }],
    ["a body that is not JSON", { kind: "not-json", status: 200, contentType: "text/html", body: "<html>" }],
    ["a cancelled request", { kind: "cancelled", reason: undefined }],
  ])("does not retry %s", (_, failure) => {
    expect(retryDelayMs(failure, 0, POLICY)).toBeUndefined();
  });

  test("waits what Retry-After asks instead of the backoff", () => {
    expect(retryDelayMs(status(429, 3_000), 0, POLICY)).toBe(3_000);
  });

  test("gives up when Retry-After asks for more than the longest wait", () => {
    expect(retryDelayMs(status(429, 60_000), 0, POLICY)).toBeUndefined();
  });
});

describe("parseRetryAfter", () => {
  test("reads delay-seconds", () => {
    expect(parseRetryAfter("5")).toBe(5_000);
  });

  test("reads an HTTP-date as the time until then", () => {
    const now = Date.parse("2024-02-23T18:00:00Z");
    expect(parseRetryAfter("Fri, 23 Feb 2024 18:00:07 GMT", now)).toBe(7_000);
  });

  test("never returns a negative wait for a date in the past", () => {
    expect(parseRetryAfter("Fri, 23 Feb 2024 17:00:00 GMT", Date.parse("2024-02-23T18:00:00Z"))).toBe(0);
  });

  test.each([null, "soon", "-3"])("ignores %j", (header) => {
    expect(parseRetryAfter(header)).toBeUndefined();
  });
});
