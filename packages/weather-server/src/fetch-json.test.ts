import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { closedPortUrl, fixture, PATHS, startFakeNws, type FakeNws } from "./__fixtures__/fake-nws.js";
import { fetchJson, type FetchJsonOptions } from "./fetch-json.js";
import { failure } from "./__fixtures__/tool-failure.js";

// A real HTTP server on 127.0.0.1 answers every request; only the retry waits are shortened. The
// time limit per request stays far above what the fake API takes on a loaded machine: the tests
// of the limit itself use SHORT_LIMIT, against answers that take a minute.
const OPTIONS: FetchJsonOptions = {
  headers: { "User-Agent": "typemcp-tests", Accept: "application/geo+json" },
  timeoutMs: 10_000,
  maxResponseBytes: 1024 * 1024,
  retry: { retries: 2, baseDelayMs: 5, maxDelayMs: 2_000 },
};
const SHORT_LIMIT: FetchJsonOptions = { ...OPTIONS, timeoutMs: 300 };
const PROBLEM_500 = JSON.stringify({
  type: "urn:noaa:nws:api:UnexpectedProblem",
  title: "Unexpected Problem",
  status: 500,
  detail: "An unexpected problem has occurred.",
});

let nws: FakeNws;
beforeEach(async () => {
  nws = await startFakeNws();
});
afterEach(() => nws.close());

const url = (path: string) => new URL(path, nws.baseUrl);

describe("fetchJson", () => {
  test("returns the parsed body of a 200", async () => {
    const body = (await fetchJson(url(PATHS.point), OPTIONS)) as { properties: { gridId: string } };
    expect(body.properties.gridId).toBe("BMX");
  });

  test("retries a 500 and returns the 200 that follows", async () => {
    nws.route(PATHS.forecast, [{ status: 500, body: PROBLEM_500 }, { body: fixture("forecast.json") }]);
    const body = (await fetchJson(url(PATHS.forecast), OPTIONS)) as { properties: { periods: unknown[] } };
    expect(body.properties.periods).toHaveLength(14);
    expect(nws.requestsTo(PATHS.forecast)).toHaveLength(2);
  });

  test("gives up after two retries and passes the problem's title and detail on", async () => {
    nws.route(PATHS.forecast, { status: 500, body: PROBLEM_500 });
    const error = await failure(fetchJson(url(PATHS.forecast), OPTIONS));
    expect(error.message).toBe(
      `The National Weather Service answered GET ${PATHS.forecast} with HTTP 500 (tried 3 times): ` +
        '"Unexpected Problem": An unexpected problem has occurred. This is usually temporary; try again in a minute.',
    );
    expect(nws.requestsTo(PATHS.forecast)).toHaveLength(3);
  });

  test("waits between retries, doubling the wait", async () => {
    nws.route(PATHS.forecast, { status: 503, body: PROBLEM_500 });
    await failure(fetchJson(url(PATHS.forecast), { ...OPTIONS, retry: { ...OPTIONS.retry, baseDelayMs: 100 } }));
    const [first, second, third] = nws.requestsTo(PATHS.forecast).map((r) => r.at);
    expect(second! - first!).toBeGreaterThanOrEqual(90);
    expect(third! - second!).toBeGreaterThanOrEqual(190);
  });

  test("honours Retry-After on a 429 before retrying", async () => {
    nws.route(PATHS.alertsOR, [
      { status: 429, headers: { "Retry-After": "1" }, body: JSON.stringify({ title: "Too Many Requests", status: 429 }) },
      { body: fixture("alerts.json") },
    ]);
    const body = (await fetchJson(url(PATHS.alertsOR), OPTIONS)) as { features: unknown[] };
    expect(body.features).toHaveLength(1);
    const [first, second] = nws.requestsTo(PATHS.alertsOR).map((r) => r.at);
    // The backoff alone would have waited 5 ms.
    expect(second! - first!).toBeGreaterThanOrEqual(950);
  });

  test("fails at once when Retry-After asks for longer than is worth waiting, saying how long", async () => {
    nws.route(PATHS.alertsOR, { status: 429, headers: { "Retry-After": "120" }, body: JSON.stringify({ title: "Too Many Requests" }) });
    const started = performance.now();
    const error = await failure(fetchJson(url(PATHS.alertsOR), OPTIONS));
    expect(error.message).toBe(
      `The National Weather Service answered GET ${PATHS.alertsOR} with HTTP 429: "Too Many Requests". ` +
        "It is limiting how often it may be called; wait 120 s and try again.",
    );
    // Without a second request: 120 s would have outlasted the test, the bound only leaves a loaded machine room.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(nws.requestsTo(PATHS.alertsOR)).toHaveLength(1);
  });

  test("abandons a response slower than the timeout, naming the limit, and does not retry it", async () => {
    nws.route(PATHS.forecast, { delayMs: 60_000, body: fixture("forecast.json") });
    const started = performance.now();
    const error = await failure(fetchJson(url(PATHS.forecast), SHORT_LIMIT));
    expect(error.message).toBe(
      `The National Weather Service did not answer GET ${PATHS.forecast} within 300 ms (the time limit for each request), ` +
        "so it was abandoned. The service may be slow or overloaded; try again in a minute.",
    );
    // The 300 ms limit ended it, not the minute-long answer (the margin is for a loaded machine).
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(nws.requestsTo(PATHS.forecast)).toHaveLength(1);
  });

  test("counts a body that stalls after the headers against the same timeout", async () => {
    nws.route(PATHS.forecast, { stallBodyMs: 60_000, body: fixture("forecast.json") });
    const started = performance.now();
    const error = await failure(fetchJson(url(PATHS.forecast), SHORT_LIMIT));
    expect(error.message).toMatch(/^The National Weather Service did not answer GET \S+ within 300 ms/);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  test("says so when a 200 body is not JSON, quoting its start", async () => {
    nws.route(PATHS.forecast, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
      body: "<html><body><h1>Service Temporarily Unavailable</h1></body></html>",
    });
    const error = await failure(fetchJson(url(PATHS.forecast), OPTIONS));
    expect(error.message).toBe(
      `The National Weather Service answered GET ${PATHS.forecast} with HTTP 200 and a body that is not JSON ` +
        '(content type "text/html", starting "<html><body><h1>Service Temporarily Unavailable</h1></body><…"). ' +
        "The service may be under maintenance; try again later.",
    );
    expect(nws.requestsTo(PATHS.forecast)).toHaveLength(1);
  });

  test("describes an error status that carries no problem document", async () => {
    nws.route(PATHS.forecast, { status: 502, headers: { "Content-Type": "text/plain" }, body: "Bad Gateway" });
    const error = await failure(fetchJson(url(PATHS.forecast), { ...OPTIONS, retry: { ...OPTIONS.retry, retries: 0 } }));
    expect(error.message).toBe(
      `The National Weather Service answered GET ${PATHS.forecast} with HTTP 502: no error report ` +
        '(content type "text/plain", starting "Bad Gateway"). This is usually temporary; try again in a minute.',
    );
  });

  test("stops a request in flight when cancelled, without retrying it or calling it slow", async () => {
    nws.route(PATHS.forecast, { delayMs: 60_000, body: fixture("forecast.json") });
    const cancel = new AbortController();
    const call = failure(fetchJson(url(PATHS.forecast), { ...OPTIONS, timeoutMs: 60_000 }, cancel.signal));
    await expect.poll(() => nws.requestsTo(PATHS.forecast)).toHaveLength(1);
    const cancelledAt = performance.now();
    cancel.abort("the user changed their mind");
    const error = await call;
    // The cancel ended it, not the minute-long answer or limit (the margin is for a loaded machine).
    expect(performance.now() - cancelledAt).toBeLessThan(15_000);
    expect(error.message).toBe(
      `The call was cancelled while waiting on the National Weather Service (GET ${PATHS.forecast}), so the request was abandoned and not retried.`,
    );
    expect(error.cause).toEqual({ kind: "cancelled", reason: "the user changed their mind" });
    await expect.poll(() => nws.requestsTo(PATHS.forecast)[0]?.abortedAt).toBeDefined();
    expect(nws.requestsTo(PATHS.forecast)).toHaveLength(1);
  });

  test("stops waiting to retry when cancelled, and sends no retry", async () => {
    nws.route(PATHS.forecast, { status: 503, body: PROBLEM_500 });
    const cancel = new AbortController();
    const backoff = { ...OPTIONS.retry, baseDelayMs: 60_000, maxDelayMs: 60_000 };
    const call = failure(fetchJson(url(PATHS.forecast), { ...OPTIONS, retry: backoff }, cancel.signal));
    await expect.poll(() => nws.requestsTo(PATHS.forecast)).toHaveLength(1);
    const cancelledAt = performance.now();
    cancel.abort();
    const error = await call;
    // The backoff would have retried a minute after the first answer: the call ended long before,
    // and once fetchJson has settled nothing of it runs again, so no retry can follow.
    expect(performance.now() - cancelledAt).toBeLessThan(15_000);
    expect(error.message).toMatch(/^The call was cancelled while waiting on the National Weather Service/);
    expect(nws.requestsTo(PATHS.forecast)).toHaveLength(1);
  });

  test("sends nothing when the call is already cancelled", async () => {
    const error = await failure(fetchJson(url(PATHS.forecast), OPTIONS, AbortSignal.abort()));
    expect(error.message).toMatch(/^The call was cancelled /);
    expect(nws.requests).toHaveLength(0);
  });

  test("still calls a timeout a timeout when the call could have been cancelled but was not", async () => {
    nws.route(PATHS.forecast, { delayMs: 60_000, body: fixture("forecast.json") });
    const error = await failure(fetchJson(url(PATHS.forecast), SHORT_LIMIT, new AbortController().signal));
    expect(error.message).toMatch(/^The National Weather Service did not answer GET \S+ within 300 ms/);
    expect(nws.requestsTo(PATHS.forecast)).toHaveLength(1);
  });

  test("says the service is unreachable when the connection is refused, after retrying", async () => {
    const closed = await closedPortUrl();
    const error = await failure(fetchJson(new URL(PATHS.point, closed), OPTIONS));
    expect(error.message).toBe(
      `The National Weather Service is unreachable at ${closed} (connection refused, tried 3 times). ` +
        "The service or the network is down; try again later, and tell the user if it persists.",
    );
    expect(error.cause).toBeInstanceOf(TypeError);
  });
});
