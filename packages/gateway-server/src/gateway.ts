#!/usr/bin/env node
import { Calculator } from "@typemcp/calc-server/calculator";
import { loadTowns } from "@typemcp/towns-server/load-towns";
import { TownIndex } from "@typemcp/towns-server/town-index";
import { TownTools } from "@typemcp/towns-server/town-tools";
import { NwsClient } from "@typemcp/weather-server/nws-client";
import { readWeatherConfig } from "@typemcp/weather-server/weather-config";
import { WeatherTools } from "@typemcp/weather-server/weather-tools";
import { createServer, serve } from "typemcp";
import { logRequests, maskErrors } from "typemcp/middleware";
import { connectServer, readMcpConfig } from "typemcp/host";

const gateway = createServer([], {
  name: "gateway",
  title: "Calculator, Massachusetts towns and US weather",
  version: "0.1.0",
  instructions: [
    "Three servers behind one endpoint; each tool's name starts with the server it belongs to.",
    "calc_*: arithmetic, use it instead of computing numbers yourself.",
    "towns_*: figures for the 351 Massachusetts towns, quote each with its year and source.",
    "weather_*: US forecasts by coordinates and active alerts by state, from the National Weather Service.",
  ].join(" "),
  // Unexpected errors stay in this server's log; every request gets one JSON line on stderr.
  use: [maskErrors(), logRequests()],
});

gateway.mount("calc", new Calculator());
// Bundled into dist/gateway.js, the towns' data is found through their package, not beside this file.
gateway.mount(
  "towns",
  new TownTools(new TownIndex(loadTowns(process.env.TOWNS_CSV || new URL(import.meta.resolve("@typemcp/towns-server/data/ma_towns.csv"))))),
);
gateway.mount("weather", new WeatherTools(new NwsClient(readWeatherConfig(process.env))));

// Any other MCP server, local or remote, from an mcp.json: each one's tools, resources and prompts
// under its name there, changed as its entry's "tools", "prompts" and "resources" say.
const config = process.env.GATEWAY_MCP_CONFIG;
for (const spec of config ? readMcpConfig(config) : []) {
  const connection = await connectServer(spec, { timeoutMs: 30_000, clientName: "typemcp-gateway", clientVersion: "0.1.0", proxy: true });
  gateway.mount(spec.name!, connection, spec.transforms);
}

await serve(gateway, { transport: "http" });
