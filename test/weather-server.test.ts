import { spawnSync } from "node:child_process";
import os from "node:os";
import { describe, expect, test } from "vitest";
import { PATHS, startFakeNws } from "../packages/weather-server/src/__fixtures__/fake-nws.js";
import { fromRoot } from "./support/paths.js";
import { connectToServer } from "./support/stdio-client.js";

const WEATHER_SERVER = fromRoot("packages/weather-server/dist/weather.js");
const USER_AGENT = "typemcp-tests (ops@example.test)";

// The built weather server as a host starts it: what only the process shows (its entry's name
// and instructions, the NWS_* environment it reads, progress over stdio, start-up failures on
// stderr with exit status 1). The tools are tested in memory, in both decorator modes, against
// the same recorded API, by packages/weather-server/src/weather-tools.test.ts.
describe("weather server as a process over stdio, against a recorded NWS API on 127.0.0.1", () => {
  test("introduces itself, reads its NWS_* settings, and forecasts a point with progress", async () => {
    const nws = await startFakeNws();
    const session = await connectToServer(WEATHER_SERVER, { NWS_USER_AGENT: USER_AGENT, NWS_API_BASE: nws.baseUrl });
    try {
      expect(session.client.getServerVersion()).toMatchObject({ name: "weather", version: "0.1.0", title: "US Weather (National Weather Service)" });
      expect(session.client.getInstructions()).toMatch(/National Weather Service/);
      expect((await session.client.listTools()).tools.map((t) => t.name)).toEqual(["get_forecast", "get_alerts"]);
      const seen: number[] = [];
      const result = await session.client.callTool({ name: "get_forecast", arguments: { latitude: 33.211, longitude: -87.566 } }, undefined, {
        onprogress: (p) => void seen.push(p.progress),
      });
      expect(result.structuredContent).toMatchObject({ location: "Tuscaloosa, AL", timeZone: "America/Chicago" });
      expect(seen).toEqual([0, 1]);
      expect(nws.requests.map((r) => [r.path, r.headers["user-agent"]])).toEqual([
        [PATHS.point, USER_AGENT],
        [PATHS.forecast, USER_AGENT],
      ]);
      expect(session.stderr()).toBe("");
    } finally {
      await session.close();
      await nws.close();
    }
  });

  test("refuses to start with an unusable setting, naming the variable", () => {
    const run = spawnSync(process.execPath, [WEATHER_SERVER], {
      cwd: os.tmpdir(),
      env: { ...process.env, NWS_TIMEOUT_MS: "ten seconds" },
      input: "",
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe('weather-server: NWS_TIMEOUT_MS must be a whole number of milliseconds above 0, got "ten seconds".\n');
  });
});
