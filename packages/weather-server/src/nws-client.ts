import { fetchJson, type FetchJsonOptions } from "./fetch-json.js";
import { UnexpectedShapeError } from "./json-reader.js";
import { LruCache } from "./lru-cache.js";
import { noForecastError, toWeatherError } from "./nws-errors.js";
import { readAlerts, readForecast, readPoint, type NwsAlerts, type NwsForecast } from "./nws-responses.js";
import type { StateCode } from "./states.js";

/** How to reach the National Weather Service API. */
export interface NwsClientOptions {
  /** The API's base URL; every request goes here, including the links the API returns. */
  readonly baseUrl: string;
  /** Identifies the application, as the API requires; NWS asks for contact details in it. */
  readonly userAgent: string;
  /** The limit on each request, body included. */
  readonly timeoutMs: number;
  /** The wait before the first retry, doubled before the second. */
  readonly retryBaseMs: number;
  /** Retries after a rate limit, server error or network error. */
  readonly retries: number;
  /** The longest `Retry-After` worth waiting for; longer asks fail at once. */
  readonly maxRetryWaitMs: number;
  /** How many point lookups to keep; a point's forecast grid rarely changes. */
  readonly pointCacheSize: number;
  /** The largest response body read, in bytes; a longer answer is abandoned as it streams in. */
  readonly maxResponseBytes: number;
}

/** The defaults `NwsClient` fills in. */
export const NWS_DEFAULTS: NwsClientOptions = {
  baseUrl: "https://api.weather.gov",
  userAgent: "typemcp-weather-server/0.1.0",
  timeoutMs: 10_000,
  retryBaseMs: 500,
  retries: 2,
  maxRetryWaitMs: 10_000,
  pointCacheSize: 256,
  // A state's alerts on a bad day run to a few hundred kilobytes; a forecast to tens.
  maxResponseBytes: 8 * 1024 * 1024,
};

/** A point resolved by `/points`: the rounded coordinates, what is there, and where its forecast is. */
export interface ResolvedPoint {
  readonly latitude: number;
  readonly longitude: number;
  readonly location: string | null;
  readonly timeZone: string | null;
  readonly forecastUrl: URL;
}

/** The National Weather Service API calls the weather tools make. */
export class NwsClient {
  readonly options: NwsClientOptions;
  private readonly base: URL;
  private readonly request: FetchJsonOptions;
  private readonly points: LruCache<string, ResolvedPoint>;

  constructor(options: Partial<NwsClientOptions> = {}) {
    this.options = { ...NWS_DEFAULTS, ...options };
    this.base = new URL(this.options.baseUrl);
    this.request = {
      headers: { "User-Agent": this.options.userAgent, Accept: "application/geo+json" },
      timeoutMs: this.options.timeoutMs,
      maxResponseBytes: this.options.maxResponseBytes,
      retry: { retries: this.options.retries, baseDelayMs: this.options.retryBaseMs, maxDelayMs: this.options.maxRetryWaitMs },
    };
    this.points = new LruCache(this.options.pointCacheSize);
  }

  /**
   * Looks up a point (`GET /points/{lat},{lon}`), rounded to the 4 decimals the API expects;
   * answers from the cache when the same rounded point was looked up before. Every request
   * stops, unretried, when `signal` fires.
   */
  async getPoint(latitude: number, longitude: number, signal?: AbortSignal): Promise<ResolvedPoint> {
    const lat = roundCoordinate(latitude);
    const lon = roundCoordinate(longitude);
    const key = `${lat},${lon}`;
    const cached = this.points.get(key);
    if (cached) return cached;
    const point = await this.get(this.endpoint(`/points/${key}`), readPoint, signal);
    if (point.forecastUrl === null) throw noForecastError(lat, lon);
    const resolved = { latitude: lat, longitude: lon, location: point.location, timeZone: point.timeZone, forecastUrl: this.follow(point.forecastUrl) };
    this.points.set(key, resolved);
    return resolved;
  }

  /** The forecast for a point resolved by `getPoint`. */
  getForecast(point: ResolvedPoint, signal?: AbortSignal): Promise<NwsForecast> {
    return this.get(point.forecastUrl, readForecast, signal);
  }

  /** The alerts in effect now for a state or territory (`GET /alerts/active?area={state}`). */
  getActiveAlerts(state: StateCode, signal?: AbortSignal): Promise<NwsAlerts> {
    const url = this.endpoint("/alerts/active");
    url.searchParams.set("area", state);
    return this.get(url, readAlerts, signal);
  }

  private async get<T>(url: URL, read: (body: unknown) => T, signal: AbortSignal | undefined): Promise<T> {
    const body = await fetchJson(url, this.request, signal);
    try {
      return read(body);
    } catch (error) {
      if (error instanceof UnexpectedShapeError) throw toWeatherError({ kind: "unexpected", what: error.message }, { url, attempts: 1 });
      throw error;
    }
  }

  private endpoint(path: string): URL {
    return new URL(`${this.base.pathname.replace(/\/$/, "")}${path}`, this.base);
  }

  // The API links to its own canonical host (https://api.weather.gov/...). When the client is
  // pointed elsewhere — a proxy, a mirror, a test server — the link's path goes to that base
  // instead, so every request stays where the configuration says.
  private follow(link: string): URL {
    const url = new URL(link, this.base);
    if (url.origin === this.base.origin) return url;
    const rebased = this.endpoint(url.pathname);
    rebased.search = url.search;
    return rebased;
  }
}

/** Rounds to the 4 decimal places the API accepts (more are redirected), without trailing zeros. */
export function roundCoordinate(value: number): number {
  return Number(value.toFixed(4)) || 0;
}
