#!/usr/bin/env node
import { serve } from "typemcp";
import { NwsClient } from "./nws-client.js";
import { ConfigError, readWeatherConfig } from "./weather-config.js";
import { WeatherTools } from "./weather-tools.js";

let nws: NwsClient;
try {
  nws = new NwsClient(readWeatherConfig(process.env));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`weather-server: ${error.message}\n`);
  process.exit(1);
}

await serve(new WeatherTools(nws), {
  name: "weather",
  title: "US Weather (National Weather Service)",
  version: "0.1.0",
  instructions:
    "Forecasts and active weather alerts for the United States from the National Weather Service. " +
    "get_forecast takes coordinates (look them up first if you only know a place name); get_alerts takes a two-letter state code. " +
    "Locations outside the US are not covered.",
});
