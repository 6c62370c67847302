import { tool, type Context } from "typemcp";
import type { ActiveAlerts } from "./alerts.js";
import { boundAlerts } from "./bound-alerts.js";
import type { Forecast } from "./forecast.js";
import type { NwsClient } from "./nws-client.js";
import type { StateCode } from "./states.js";

/**
 * Weather forecasts and alerts for the United States, from the National Weather Service. Each
 * tool reports progress when the client asks for it, and stops its requests when the call is
 * cancelled.
 */
export class WeatherTools {
  constructor(private readonly nws: NwsClient) {}

  /**
   * Get the weather forecast for a place in the United States from the National Weather Service:
   * about a week ahead in day and night periods, each with its temperature (high by day, low by
   * night), wind, chance of precipitation and a forecast in words, plus the name of the nearest
   * town. Covers the US states, territories and nearby waters only; elsewhere it returns an error.
   * @param latitude Latitude of the place in decimal degrees, north positive (e.g. 38.8977 for Washington, DC).
   * @param longitude Longitude of the place in decimal degrees, east positive, so negative across the US (e.g. -77.0365 for Washington, DC).
   */
  @tool({ name: "get_forecast", title: "Weather forecast", annotations: { readOnlyHint: true, openWorldHint: true }, view: "../views/forecast.ts" })
  async getForecast(/** @minimum -90 @maximum 90 */ latitude: number, /** @minimum -180 @maximum 180 */ longitude: number, ctx: Context): Promise<Forecast> {
    // Each report goes out before a request, never just before the result: the SDK's client
    // drops a progress notification that reaches it in the same read as the call's response.
    await ctx.progress(0, 2, "looking up the grid point");
    const point = await this.nws.getPoint(latitude, longitude, ctx.signal);
    await ctx.progress(1, 2, "located the grid point; fetching the forecast");
    const forecast = await this.nws.getForecast(point, ctx.signal);
    return {
      location: point.location,
      latitude: point.latitude,
      longitude: point.longitude,
      timeZone: point.timeZone,
      updated: forecast.updated,
      periods: forecast.periods,
    };
  }

  /**
   * List the weather alerts in effect now for a US state or territory, as issued by the National
   * Weather Service: warnings, watches, advisories and statements (e.g. Tornado Warning, Flood
   * Watch, Heat Advisory), each with the area it covers, severity, urgency, headline, full
   * description, what to do, and when it takes effect and expires. An empty list means no alerts.
   * At most 50 alerts, the most severe, with texts cut at 4,000 characters; `omitted` then says what was left out.
   * @param state Two-letter postal code of the state or territory, in capitals (e.g. "CA", "NY", "PR").
   */
  @tool({ name: "get_alerts", title: "Weather alerts", annotations: { readOnlyHint: true, openWorldHint: true } })
  async getAlerts(state: StateCode, ctx: Context): Promise<ActiveAlerts> {
    await ctx.progress(0, 1, `fetching the alerts for ${state}`);
    const { updated, alerts } = await this.nws.getActiveAlerts(state, ctx.signal);
    // `count` stays the true total; the list and its texts are cut to a size a model can use.
    const bounded = boundAlerts(alerts);
    return { state, updated, count: alerts.length, alerts: bounded.alerts, ...(bounded.omitted ? { omitted: bounded.omitted } : {}) };
  }
}
