import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { fixture, PATHS, startFakeNws, type FakeNws } from "./__fixtures__/fake-nws.js";
import { NwsClient, type NwsClientOptions } from "./nws-client.js";
import { failure } from "./__fixtures__/tool-failure.js";

// Every test talks to a real HTTP server on 127.0.0.1; only the waits are shortened.
const FAST: Partial<NwsClientOptions> = { userAgent: "typemcp-tests (ops@example.test)", timeoutMs: 10_000, retryBaseMs: 5 };

let nws: FakeNws;
let client: NwsClient;
beforeEach(async () => {
  nws = await startFakeNws();
  client = new NwsClient({ ...FAST, baseUrl: nws.baseUrl });
});
afterEach(() => nws.close());

describe("NwsClient", () => {
  describe("answers", () => {
    test("resolves a point and follows its forecast link to the configured base", async () => {
      const point = await client.getPoint(33.211, -87.566);
      expect(point).toMatchObject({ latitude: 33.211, longitude: -87.566, location: "Tuscaloosa, AL", timeZone: "America/Chicago" });
      expect(point.forecastUrl.href).toBe(`${nws.baseUrl}${PATHS.forecast}`);

      const forecast = await client.getForecast(point);
      expect(forecast.updated).toBe("2024-02-23T18:40:54+00:00");
      expect(forecast.periods).toHaveLength(14);
      expect(forecast.periods[0]).toEqual({
        name: "This Afternoon",
        startTime: "2024-02-23T13:00:00-06:00",
        endTime: "2024-02-23T18:00:00-06:00",
        isDaytime: true,
        temperature: 69,
        temperatureUnit: "F",
        temperatureTrend: null,
        precipitationChance: null,
        windSpeed: "10 to 15 mph",
        windDirection: "NW",
        shortForecast: "Sunny",
        detailedForecast: "Sunny, with a high near 69. Northwest wind 10 to 15 mph.",
      });
      expect(forecast.periods[10]).toMatchObject({ name: "Wednesday", precipitationChance: 50, temperatureTrend: null });
      expect(nws.requests.map((r) => r.path)).toEqual([PATHS.point, PATHS.forecast]);
    });

    test("sends the configured User-Agent and asks for GeoJSON", async () => {
      await client.getPoint(33.211, -87.566);
      expect(nws.requests[0]!.headers["user-agent"]).toBe("typemcp-tests (ops@example.test)");
      expect(nws.requests[0]!.headers.accept).toBe("application/geo+json");
    });

    test("rounds coordinates to 4 decimals without trailing zeros, as the API's own URLs have them", async () => {
      const point = await client.getPoint(33.21100004, -87.56599996);
      expect(point).toMatchObject({ latitude: 33.211, longitude: -87.566 });
      expect(nws.requests.map((r) => r.path)).toEqual([PATHS.point]);
    });

    test("reads a point response carrying the API's newer fields", async () => {
      const point = await client.getPoint(41.967, -71.189);
      expect(point.location).toBe("Norton Center, MA");
      expect(point.forecastUrl.href).toBe(`${nws.baseUrl}/gridpoints/BOX/70,82/forecast`);
    });

    test("keeps a base URL's path prefix on every request", async () => {
      nws.route(`/nws${PATHS.point}`, { body: fixture("points.json") });
      const prefixed = new NwsClient({ ...FAST, baseUrl: `${nws.baseUrl}/nws/` });
      const point = await prefixed.getPoint(33.211, -87.566);
      expect(point.forecastUrl.href).toBe(`${nws.baseUrl}/nws${PATHS.forecast}`);
    });

    test("lists a state's active alerts", async () => {
      const { updated, alerts } = await client.getActiveAlerts("OR");
      expect(nws.requests.map((r) => r.path)).toEqual([PATHS.alertsOR]);
      expect(updated).toBe("2019-12-20T21:35:17+00:00");
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({
        event: "Flood Watch",
        severity: "Severe",
        urgency: "Future",
        certainty: "Possible",
        sender: "NWS Portland OR",
        headline: "Flood Watch issued December 20 at 1:34PM PST until December 22 at 10:00AM PST by NWS Portland OR",
        effective: "2019-12-20T13:34:00-08:00",
        expires: "2019-12-21T05:30:00-08:00",
        ends: "2019-12-22T10:00:00-08:00",
      });
      expect(alerts[0]!.area).toMatch(/^North Oregon Coast; Greater Portland Metro Area;/);
      expect(alerts[0]!.instruction).toMatch(/^A Flood Watch means there is a potential for flooding/);
    });

    test("answers an empty alert list as no alerts, not as a failure", async () => {
      nws.route("/alerts/active?area=RI", { body: JSON.stringify({ type: "FeatureCollection", features: [], updated: "2024-02-23T19:00:00+00:00" }) });
      expect(await client.getActiveAlerts("RI")).toEqual({ updated: "2024-02-23T19:00:00+00:00", alerts: [] });
    });
  });

  describe("point cache", () => {
    test("saves the second /points request for the same point", async () => {
      await client.getForecast(await client.getPoint(33.211, -87.566));
      await client.getForecast(await client.getPoint(33.211, -87.566));
      expect(nws.requestsTo(PATHS.point)).toHaveLength(1);
      expect(nws.requestsTo(PATHS.forecast)).toHaveLength(2);
    });

    test("drops the least recently used point when full", async () => {
      const small = new NwsClient({ ...FAST, baseUrl: nws.baseUrl, pointCacheSize: 1 });
      await small.getPoint(33.211, -87.566);
      await small.getPoint(41.967, -71.189);
      await small.getPoint(33.211, -87.566);
      expect(nws.requestsTo(PATHS.point)).toHaveLength(2);
    });

    test("does not cache a failed lookup", async () => {
      nws.route(PATHS.point, [{ status: 400, body: JSON.stringify({ title: "Bad Request" }) }, { body: fixture("points.json") }]);
      await failure(client.getPoint(33.211, -87.566));
      await client.getPoint(33.211, -87.566);
      expect(nws.requestsTo(PATHS.point)).toHaveLength(2);
    });
  });

  describe("failures", () => {
    test("says the service covers the US only for a point outside it (404 InvalidPoint), without retrying", async () => {
      const error = await failure(client.getPoint(-20.9512, 55.3085));
      expect(error.message).toBe(
        "Data Unavailable For Requested Point. Unable to provide data for requested point -20.9512,55.3085. " +
          "The National Weather Service covers the US only (the states, territories and nearby waters): ask about a location in the United States.",
      );
      expect(nws.requestsTo(PATHS.pointOutsideUS)).toHaveLength(1);
    });

    test("says when a point has no forecast link, instead of following nothing", async () => {
      const point = JSON.parse(fixture("points.json")) as { properties: Record<string, unknown> };
      point.properties.forecast = null;
      nws.route(PATHS.point, { body: JSON.stringify(point) });
      const error = await failure(client.getPoint(33.211, -87.566));
      expect(error.message).toMatch(/^The National Weather Service has no forecast for 33\.211,-87\.566: .* Try the coordinates of a nearby place on land\.$/);
    });

    test("stops a point lookup when cancelled, and caches nothing", async () => {
      nws.route(PATHS.point, [{ delayMs: 5_000, body: fixture("points.json") }, { body: fixture("points.json") }]);
      const cancel = new AbortController();
      const lookup = failure(client.getPoint(33.211, -87.566, cancel.signal));
      await expect.poll(() => nws.requestsTo(PATHS.point)).toHaveLength(1);
      cancel.abort();
      expect((await lookup).message).toBe(
        `The call was cancelled while waiting on the National Weather Service (GET ${PATHS.point}), so the request was abandoned and not retried.`,
      );
      await client.getPoint(33.211, -87.566);
      expect(nws.requestsTo(PATHS.point)).toHaveLength(2);
    });

    test("sends no forecast request for a call cancelled after its point lookup", async () => {
      const point = await client.getPoint(33.211, -87.566);
      await failure(client.getForecast(point, AbortSignal.abort()));
      expect(nws.requestsTo(PATHS.forecast)).toHaveLength(0);
    });

    test("names the missing field when a forecast body has an unexpected shape", async () => {
      nws.route(PATHS.forecast, { body: JSON.stringify({ type: "Feature", properties: { updated: "2024-02-23T18:40:54+00:00" } }) });
      const error = await failure(client.getForecast(await client.getPoint(33.211, -87.566)));
      expect(error.message).toBe(
        `The National Weather Service answered GET ${PATHS.forecast} with JSON in an unexpected shape: ` +
          "properties.periods should be an array but is missing. The API may have changed; try again later, and tell the user if it persists.",
      );
    });

    test("names the field when a period's time is not a date-time the output schema allows", async () => {
      const forecast = JSON.parse(fixture("forecast.json")) as { properties: { periods: Array<Record<string, unknown>> } };
      forecast.properties.periods[1]!.startTime = "date:now -37 seconds";
      nws.route(PATHS.forecast, { body: JSON.stringify(forecast) });
      const error = await failure(client.getForecast(await client.getPoint(33.211, -87.566)));
      expect(error.message).toContain('properties.periods[1].startTime should be a date-time but is the string "date:now -37 seconds"');
    });
  });
});
