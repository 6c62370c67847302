import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connect, type McpCallResult, type TestClient } from "typemcp/testing";
import { fixture, startFakeNws, type FakeNws } from "./__fixtures__/fake-nws.js";
import { NwsClient } from "./nws-client.js";
import { readWeatherConfig } from "./weather-config.js";
import { WeatherTools } from "./weather-tools.js";

// What the weather tools accept from the API they call, in memory through typemcp/testing,
// against real HTTP servers on 127.0.0.1: a reply over the size cap, redirects, floods of
// alerts. Nothing here depends on the process (test/weather-server.test.ts starts that).
const ENV = { NWS_USER_AGENT: "typemcp-tests (ops@example.test)", NWS_TIMEOUT_MS: "20000", NWS_RETRY_BASE_MS: "5", NWS_MAX_RESPONSE_BYTES: "1000000" };

/** The text of a tool result's first content block. */
function textOf(result: McpCallResult): string {
  const first = result.content?.[0];
  if (first?.type !== "text" || first.text === undefined) throw new Error(`expected a text block, got ${JSON.stringify(result)}`);
  return first.text;
}

/** A second loopback server: the "other host" a redirect points to. It counts what reaches it. */
async function startOtherHost(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits++;
    res.writeHead(200, { "Content-Type": "application/geo+json" }).end(fixture("alerts.json"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}`, hits: () => hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** An alerts document with `count` copies of the recorded alert, each description `descriptionLength` long. */
function alertsDocument(count: number, descriptionLength: number): string {
  const recorded = JSON.parse(fixture("alerts.json")) as { features: Array<{ properties: Record<string, unknown> }> };
  const feature = recorded.features[0]!;
  const features = Array.from({ length: count }, (_, i) => ({
    ...feature,
    properties: { ...feature.properties, id: `alert-${i}`, severity: i % 10 === 0 ? "Extreme" : "Minor", description: "d".repeat(descriptionLength) },
  }));
  return JSON.stringify({ ...recorded, features });
}

describe("weather trusts its upstream only so far", () => {
  let nws: FakeNws;
  let other: Awaited<ReturnType<typeof startOtherHost>>;
  let client: TestClient;
  beforeAll(async () => {
    nws = await startFakeNws();
    other = await startOtherHost();
    client = await connect(new WeatherTools(new NwsClient(readWeatherConfig({ ...ENV, NWS_API_BASE: nws.baseUrl }))));
  });
  afterAll(async () => {
    await client?.close();
    await nws?.close();
    await other?.close();
  });

  test("a reply over the size cap is abandoned and reported as too large, not unreachable", async () => {
    nws.route("/alerts/active?area=TX", { body: alertsDocument(1, 3_000_000) });
    const result = await client.callResult("get_alerts", { state: "TX" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^The National Weather Service answered GET \/alerts\/active\?area=TX with more than 1000000 bytes, more than this server reads from it/,
    );
  });

  test("a redirect to another host is refused and never followed", async () => {
    nws.route("/alerts/active?area=NV", { status: 302, headers: { Location: `${other.url}/latest/meta-data/` } });
    const result = await client.callResult("get_alerts", { state: "NV" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/with HTTP 302, a redirect to another host \(http:\/\/localhost:\d+\), which this server does not follow/);
    expect(other.hits()).toBe(0);
  });

  test("a redirect on the same host is followed", async () => {
    nws.route("/alerts/active?area=WA", { status: 301, headers: { Location: "/alerts/active?area=OR" } });
    const result = await client.callResult("get_alerts", { state: "WA" });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { count: number }).count).toBe(1);
  });

  test("a flood of alerts is cut to 50, the most severe, with long texts clipped and a note on what was left out", async () => {
    nws.route("/alerts/active?area=FL", { body: alertsDocument(120, 100) });
    nws.route("/alerts/active?area=GA", { body: alertsDocument(3, 9_000) });
    const floodResult = await client.callResult("get_alerts", { state: "FL" });
    expect(floodResult.isError ? textOf(floodResult) : "").toBe("");
    const flood = floodResult.structuredContent as {
      count: number;
      alerts: Array<{ severity: string }>;
      omitted?: string;
    };
    expect(flood.count).toBe(120);
    expect(flood.alerts).toHaveLength(50);
    expect(flood.alerts.filter((a) => a.severity === "Extreme")).toHaveLength(12);
    expect(flood.omitted).toBe("70 of 120 alerts left out (the 50 most severe are listed). See https://alerts.weather.gov for the full list.");
    const long = (await client.callResult("get_alerts", { state: "GA" })).structuredContent as {
      alerts: Array<{ description: string }>;
      omitted?: string;
    };
    expect(long.alerts[0]!.description).toHaveLength(4_000 + "… [cut: 5000 more characters]".length);
    expect(long.omitted).toBe("3 long texts cut at 4000 characters. See https://alerts.weather.gov for the full list.");
  });
});
