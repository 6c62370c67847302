import type { WeatherAlert } from "./alerts.js";
import type { ForecastPeriod } from "./forecast.js";
import { JsonReader } from "./json-reader.js";

// Readers for the three NWS bodies the tools use. Each takes only the fields it needs, ignores
// the rest (the API adds fields over time), and throws UnexpectedShapeError naming the path of
// the first field that is missing or of the wrong type.

/** What `GET /points/{lat},{lon}` says about a point. */
export interface NwsPoint {
  /** The URL of the point's forecast; null when the API offers none (a point over open water, say). */
  readonly forecastUrl: string | null;
  /** "City, ST" of the nearest named place, when the API names one. */
  readonly location: string | null;
  readonly timeZone: string | null;
}

/** What `GET /gridpoints/{office}/{x},{y}/forecast` holds. */
export interface NwsForecast {
  readonly updated: string | null;
  readonly periods: ForecastPeriod[];
}

/** What `GET /alerts/active?area={state}` holds. */
export interface NwsAlerts {
  readonly updated: string | null;
  readonly alerts: WeatherAlert[];
}

/** Reads a `/points` body. */
export function readPoint(body: unknown): NwsPoint {
  const properties = new JsonReader(body).get("properties");
  const place = properties.get("relativeLocation").getOptional("properties");
  const city = place.getOptional("city").stringOrNull();
  const state = place.getOptional("state").stringOrNull();
  return {
    forecastUrl: properties.get("forecast").stringOrNull(),
    location: city && state ? `${city}, ${state}` : city,
    timeZone: properties.get("timeZone").stringOrNull(),
  };
}

/** Reads a gridpoint forecast body. */
export function readForecast(body: unknown): NwsForecast {
  const properties = new JsonReader(body).get("properties");
  return {
    updated: properties.get("updated").dateTimeOrNull(),
    periods: properties.get("periods").items().map(readPeriod),
  };
}

function readPeriod(period: JsonReader): ForecastPeriod {
  return {
    name: period.get("name").string(),
    startTime: period.get("startTime").dateTime(),
    endTime: period.get("endTime").dateTime(),
    isDaytime: period.get("isDaytime").boolean(),
    temperature: period.get("temperature").number(),
    temperatureUnit: period.get("temperatureUnit").string(),
    temperatureTrend: period.get("temperatureTrend").stringOrNull(),
    precipitationChance: period.get("probabilityOfPrecipitation").getOptional("value").numberOrNull(),
    windSpeed: period.get("windSpeed").stringOrNull(),
    windDirection: period.get("windDirection").stringOrNull(),
    shortForecast: period.get("shortForecast").string(),
    detailedForecast: period.get("detailedForecast").string(),
  };
}

/** Reads an active-alerts FeatureCollection. */
export function readAlerts(body: unknown): NwsAlerts {
  const collection = new JsonReader(body);
  return {
    updated: collection.get("updated").dateTimeOrNull(),
    alerts: collection
      .get("features")
      .items()
      .map((feature) => readAlert(feature.get("properties"))),
  };
}

function readAlert(alert: JsonReader): WeatherAlert {
  return {
    event: alert.get("event").string(),
    area: alert.get("areaDesc").string(),
    severity: alert.get("severity").string(),
    urgency: alert.get("urgency").string(),
    certainty: alert.get("certainty").string(),
    headline: alert.get("headline").stringOrNull(),
    description: alert.get("description").stringOrNull(),
    instruction: alert.get("instruction").stringOrNull(),
    sender: alert.get("senderName").stringOrNull(),
    effective: alert.get("effective").dateTimeOrNull(),
    expires: alert.get("expires").dateTimeOrNull(),
    ends: alert.get("ends").dateTimeOrNull(),
  };
}
