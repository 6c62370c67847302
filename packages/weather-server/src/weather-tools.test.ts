import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { connect, type McpCallResult, type TestClient } from "typemcp/testing";
import { closedPortUrl, fixture, PATHS, startFakeNws, type FakeNws } from "./__fixtures__/fake-nws.js";
import { NwsClient } from "./nws-client.js";
import { readWeatherConfig } from "./weather-config.js";
import { WeatherTools } from "./weather-tools.js";

// The weather tools in memory, through typemcp/testing, against a real HTTP server on 127.0.0.1
// that answers with recorded api.weather.gov responses (__fixtures__/fake-nws.ts): the real
// fetch, retries and time limits, no stubbed fetch. vitest runs this file in both decorator
// modes (see vitest.config.ts); test/weather-server.test.ts starts the built server once as a
// process.
const USER_AGENT = "typemcp-tests (ops@example.test)";

/**
 * The tools as the entry builds them from its environment, with fast retries so a failure takes
 * milliseconds; the time limit per request is 10 s, far above what the fake API takes even on a
 * loaded machine, so only the test of the limit (with its own 1 s) ever meets it.
 */
function weatherTools(baseUrl: string, env: Record<string, string> = {}): WeatherTools {
  return new WeatherTools(
    new NwsClient(readWeatherConfig({ NWS_USER_AGENT: USER_AGENT, NWS_TIMEOUT_MS: "10000", NWS_RETRY_BASE_MS: "5", NWS_API_BASE: baseUrl, ...env })),
  );
}

/** What the server writes to this process's stderr during the suite (a tool's unexpected error lands there). */
function watchStderr(): { text(): string } {
  let text = "";
  beforeAll(() => {
    const write = process.stderr.write.bind(process.stderr);
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array, ...rest: any[]) => {
      text += String(chunk);
      return write(chunk, ...rest);
    });
  });
  afterAll(() => vi.restoreAllMocks());
  return { text: () => text };
}

/** The text of a tool result's first content block. */
function textOf(result: McpCallResult): string {
  const first = result.content?.[0];
  if (first?.type !== "text" || first.text === undefined) throw new Error(`expected a text block, got ${JSON.stringify(result)}`);
  return first.text;
}

describe("WeatherTools against a recorded NWS API on 127.0.0.1", () => {
  let nws: FakeNws;
  let client: TestClient;
  const stderr = watchStderr();
  beforeAll(async () => {
    nws = await startFakeNws();
    client = await connect(weatherTools(nws.baseUrl));
  });
  afterAll(async () => {
    await client?.close();
    await nws?.close();
  });

  test("lists get_forecast with the coordinate ranges in its input schema", async () => {
    const tools = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["get_forecast", "get_alerts"]);
    const forecast = tools[0]!;
    expect(forecast.description).toMatch(/^Get the weather forecast for a place in the United States/);
    expect(forecast.annotations).toEqual({ readOnlyHint: true, openWorldHint: true });
    expect(forecast.inputSchema).toEqual({
      type: "object",
      properties: {
        latitude: {
          type: "number",
          minimum: -90,
          maximum: 90,
          description: "Latitude of the place in decimal degrees, north positive (e.g. 38.8977 for Washington, DC).",
        },
        longitude: {
          type: "number",
          minimum: -180,
          maximum: 180,
          description: "Longitude of the place in decimal degrees, east positive, so negative across the US (e.g. -77.0365 for Washington, DC).",
        },
      },
      required: ["latitude", "longitude"],
      additionalProperties: false,
    });
    expect(forecast.outputSchema?.required).toEqual(["location", "latitude", "longitude", "timeZone", "updated", "periods"]);
  });

  test("lists get_alerts with the state codes as an enum, in the order states.ts declares them", async () => {
    const alerts = (await client.listTools())[1]!;
    const state = alerts.inputSchema.properties?.state as { enum: string[]; type: string };
    expect(state.type).toBe("string");
    expect(state.enum).toHaveLength(56);
    // The 50 states first, then DC and the territories, as the source lists them.
    expect(state.enum.slice(0, 3)).toEqual(["AK", "AL", "AR"]);
    expect(state.enum.slice(-6)).toEqual(["DC", "AS", "GU", "MP", "PR", "VI"]);
    expect(state.enum).toEqual(expect.arrayContaining(["AK", "CA", "DC", "GU", "OR", "PR", "VI", "WY"]));
    expect(alerts.outputSchema?.properties).toHaveProperty("alerts");
  });

  test("forecasts a point end to end: /points, then the forecast it links to", async () => {
    const before = nws.requests.length;
    const result = await client.callResult("get_forecast", { latitude: 33.211, longitude: -87.566 });
    expect(result.isError).toBeFalsy();
    const forecast = result.structuredContent as { location: string; periods: Array<Record<string, unknown>> };
    expect(forecast).toMatchObject({
      location: "Tuscaloosa, AL",
      latitude: 33.211,
      longitude: -87.566,
      timeZone: "America/Chicago",
      updated: "2024-02-23T18:40:54+00:00",
    });
    expect(forecast.periods).toHaveLength(14);
    expect(forecast.periods.map((p) => p.name).slice(0, 3)).toEqual(["This Afternoon", "Tonight", "Saturday"]);
    expect(forecast.periods[13]).toEqual({
      name: "Thursday Night",
      startTime: "2024-02-29T18:00:00-06:00",
      endTime: "2024-03-01T06:00:00-06:00",
      isDaytime: false,
      temperature: 46,
      temperatureUnit: "F",
      temperatureTrend: null,
      precipitationChance: 50,
      windSpeed: "10 mph",
      windDirection: "E",
      shortForecast: "Chance Showers And Thunderstorms",
      detailedForecast: expect.stringMatching(/^A chance of showers and thunderstorms/) as unknown,
    });
    expect(JSON.parse(textOf(result))).toEqual(forecast);
    const sent = nws.requests.slice(before);
    expect(sent.map((r) => r.path)).toEqual([PATHS.point, PATHS.forecast]);
    expect(sent.every((r) => r.headers["user-agent"] === USER_AGENT && r.headers.accept === "application/geo+json")).toBe(true);
  });

  test("looks a point up once per session, answering later forecasts from its cache", async () => {
    for (const [latitude, longitude] of [
      [33.211, -87.566],
      [33.21104, -87.56596],
    ]) {
      const result = await client.callResult("get_forecast", { latitude, longitude });
      expect(result.structuredContent).toMatchObject({ location: "Tuscaloosa, AL", latitude: 33.211, longitude: -87.566 });
    }
    expect(nws.requestsTo(PATHS.point)).toHaveLength(1);
    expect(nws.requestsTo(PATHS.forecast).length).toBeGreaterThanOrEqual(2);
  });

  test("lists a state's active alerts", async () => {
    const result = await client.callResult("get_alerts", { state: "OR" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      state: "OR",
      updated: "2019-12-20T21:35:17+00:00",
      count: 1,
      alerts: [
        {
          event: "Flood Watch",
          severity: "Severe",
          urgency: "Future",
          certainty: "Possible",
          sender: "NWS Portland OR",
          effective: "2019-12-20T13:34:00-08:00",
          expires: "2019-12-21T05:30:00-08:00",
          ends: "2019-12-22T10:00:00-08:00",
        },
      ],
    });
  });

  test("reports a forecast's progress in order, before each request it makes", async () => {
    nws.route("/gridpoints/BOX/70,82/forecast", { body: fixture("forecast.json") });
    const seen: Array<{ progress: number; total?: number; message?: string }> = [];
    const result = await client.callResult(
      "get_forecast",
      { latitude: 41.967, longitude: -71.189 },
      {
        onProgress: (p) => void seen.push(p),
      },
    );
    expect(result.structuredContent).toMatchObject({ location: "Norton Center, MA" });
    expect(seen).toEqual([
      { progress: 0, total: 2, message: "looking up the grid point" },
      { progress: 1, total: 2, message: "located the grid point; fetching the forecast" },
    ]);
  });

  test("reports progress for alerts only when the client asks for it", async () => {
    const seen: Array<{ progress: number; total?: number; message?: string }> = [];
    await client.callResult("get_alerts", { state: "OR" }, { onProgress: (p) => void seen.push(p) });
    expect(seen).toEqual([{ progress: 0, total: 1, message: "fetching the alerts for OR" }]);
    // Without a progress token the server sends none.
    const before = client.notifications.length;
    await client.callResult("get_alerts", { state: "OR" });
    expect(client.notifications.slice(before).filter((n) => n.method === "notifications/progress")).toEqual([]);
  });

  test("tells the model a point outside the US is not covered", async () => {
    const result = await client.callResult("get_forecast", { latitude: -20.9512, longitude: 55.3085 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Data Unavailable For Requested Point\. .* covers the US only .*: ask about a location in the United States\.$/);
  });

  test("rejects coordinates out of range before calling the API", async () => {
    const before = nws.requests.length;
    const result = await client.callResult("get_forecast", { latitude: 91, longitude: -200 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'Invalid arguments for tool "get_forecast":\n- latitude: must be <= 90, got number 91\n- longitude: must be >= -180, got number -200',
    );
    expect(nws.requests).toHaveLength(before);
  });

  test("rejects a state code that is not in the enum", async () => {
    const result = await client.callResult("get_alerts", { state: "ZZ" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Invalid arguments for tool "get_alerts":\n- state: expected one of "AK", "AL", .*, got string "ZZ"$/);
  });

  test("reports a response slower than the timeout as a tool error naming the limit", async () => {
    const quick = await connect(weatherTools(nws.baseUrl, { NWS_TIMEOUT_MS: "1000" }));
    nws.route("/alerts/active?area=TX", { delayMs: 60_000, body: "{}" });
    const started = performance.now();
    const result = await quick.callResult("get_alerts", { state: "TX" });
    await quick.close();
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^The National Weather Service did not answer GET \/alerts\/active\?area=TX within 1 s /);
    // The 1 s limit ended it, not the 60 s answer: the margin is for a loaded machine.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  test("keeps serving after every kind of failure", async () => {
    const result = await client.callResult("get_alerts", { state: "OR" });
    expect(result.structuredContent).toMatchObject({ state: "OR", count: 1 });
    expect(stderr.text()).not.toMatch(/unexpected error/);
  });
});

describe("WeatherTools cancellation, with a 60 s time limit per request", () => {
  let nws: FakeNws;
  let client: TestClient;
  const stderr = watchStderr();
  beforeAll(async () => {
    nws = await startFakeNws();
    client = await connect(weatherTools(nws.baseUrl, { NWS_TIMEOUT_MS: "60000" }));
  });
  afterAll(async () => {
    await client?.close();
    await nws?.close();
  });

  /** Starts `get_forecast`/`get_alerts`, waits until the fake API has `path`'s request, then cancels it. */
  async function cancelOnceRequested(name: string, args: Record<string, unknown>, path: string) {
    const abort = new AbortController();
    const call = client.callResult(name, args, { signal: abort.signal });
    const settled = call.then(
      () => "answered",
      () => "rejected",
    );
    await expect.poll(() => nws.requestsTo(path)).toHaveLength(1);
    abort.abort("the user moved on");
    expect(await settled).toBe("rejected");
    return nws.requestsTo(path)[0]!;
  }

  test("abandons a slow request as soon as the call is cancelled, retries nothing, and serves the next call", async () => {
    nws.route(PATHS.forecast, { delayMs: 60_000, body: fixture("forecast.json") });
    const request = await cancelOnceRequested("get_forecast", { latitude: 33.211, longitude: -87.566 }, PATHS.forecast);
    await expect.poll(() => nws.requestsTo(PATHS.forecast)[0]?.abortedAt, { timeout: 10_000 }).toBeDefined();
    // Well inside the 60 s limit: the cancellation, not the timeout, ended it.
    expect(nws.requestsTo(PATHS.forecast)[0]!.abortedAt! - request.at).toBeLessThan(15_000);
    // A retry would follow within the 5 ms backoff.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(nws.requestsTo(PATHS.forecast)).toHaveLength(1);

    nws.route(PATHS.forecast, { body: fixture("forecast.json") });
    const next = await client.callResult("get_forecast", { latitude: 33.211, longitude: -87.566 });
    expect(next.structuredContent).toMatchObject({ location: "Tuscaloosa, AL" });
    expect(stderr.text()).toBe("");
  });

  test("stops waiting to retry when the call is cancelled during the backoff", async () => {
    // The cancel must land inside the backoff: 5 s leaves room for a loaded machine to see the request.
    nws.route("/alerts/active?area=MA", { status: 503, headers: { "Retry-After": "5" }, body: JSON.stringify({ title: "Service Unavailable" }) });
    await cancelOnceRequested("get_alerts", { state: "MA" }, "/alerts/active?area=MA");
    // Retry-After asked for 5 s after the 503 (before the cancel): wait past it.
    await new Promise((resolve) => setTimeout(resolve, 5_300));
    expect(nws.requestsTo("/alerts/active?area=MA")).toHaveLength(1);
    const next = await client.callResult("get_alerts", { state: "OR" });
    expect(next.structuredContent).toMatchObject({ state: "OR", count: 1 });
    expect(stderr.text()).toBe("");
  });
});

describe("WeatherTools with the API unreachable", () => {
  test("answers a tool error saying the service is unreachable, not an empty result", async () => {
    const closed = await closedPortUrl();
    await using client = await connect(weatherTools(closed));
    expect(await client.callError("get_alerts", { state: "CA" })).toBe(
      `The National Weather Service is unreachable at ${closed} (connection refused, tried 3 times). ` +
        "The service or the network is down; try again later, and tell the user if it persists.",
    );
  });
});

// get_forecast's view (views/forecast.ts), as typemcp/testing shows it to a host that takes views.
describe("the forecast's view", () => {
  test("is the page a host renders for a client declaring MCP Apps, and nothing for one without", async () => {
    const tools = weatherTools(await closedPortUrl());
    const withViews = await connect(tools, { views: true });
    const without = await connect(tools);
    try {
      const page = await withViews.view("get_forecast");
      expect(page).toMatchObject({ uri: "ui://WeatherTools/get_forecast", mimeType: "text/html;profile=mcp-app", ui: {} });
      expect(page.html).toMatch(/^<!doctype html>/);
      // The page knows get_alerts by the method name the view calls it with.
      expect(page.html).toContain('"getAlerts":{"name":"get_alerts","params":["state"],"wrapped":false}');
      expect((await without.tool("get_forecast"))._meta).toBeUndefined();
      await expect(without.view("get_forecast")).rejects.toThrow('Tool "get_forecast" lists no view: connect with { views: true }');
    } finally {
      await withViews.close();
      await without.close();
    }
  });
});
