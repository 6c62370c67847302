import { describe, expect, test } from "vitest";
import { NWS_DEFAULTS } from "./nws-client.js";
import { ConfigError, readWeatherConfig } from "./weather-config.js";

describe("readWeatherConfig", () => {
  test("falls back to the defaults for unset or empty variables", () => {
    expect(readWeatherConfig({ NWS_USER_AGENT: " " })).toEqual({
      baseUrl: NWS_DEFAULTS.baseUrl,
      userAgent: NWS_DEFAULTS.userAgent,
      timeoutMs: NWS_DEFAULTS.timeoutMs,
      retryBaseMs: NWS_DEFAULTS.retryBaseMs,
      maxResponseBytes: NWS_DEFAULTS.maxResponseBytes,
    });
  });

  test("reads every variable", () => {
    expect(
      readWeatherConfig({
        NWS_API_BASE: "http://127.0.0.1:8080/nws",
        NWS_USER_AGENT: "(example.org, ops@example.org)",
        NWS_TIMEOUT_MS: "2500",
        NWS_RETRY_BASE_MS: "0",
        NWS_MAX_RESPONSE_BYTES: "65536",
      }),
    ).toEqual({
      baseUrl: "http://127.0.0.1:8080/nws",
      userAgent: "(example.org, ops@example.org)",
      timeoutMs: 2_500,
      retryBaseMs: 0,
      maxResponseBytes: 65_536,
    });
  });

  test.each([
    [{ NWS_API_BASE: "api.weather.gov" }, 'NWS_API_BASE must be an http(s) URL such as https://api.weather.gov, got "api.weather.gov".'],
    [{ NWS_API_BASE: "ftp://example.org" }, 'NWS_API_BASE must be an http(s) URL such as https://api.weather.gov, got "ftp://example.org".'],
    [{ NWS_TIMEOUT_MS: "0" }, 'NWS_TIMEOUT_MS must be a whole number of milliseconds above 0, got "0".'],
    [{ NWS_TIMEOUT_MS: "10s" }, 'NWS_TIMEOUT_MS must be a whole number of milliseconds above 0, got "10s".'],
    [{ NWS_RETRY_BASE_MS: "-1" }, 'NWS_RETRY_BASE_MS must be a whole number of milliseconds, got "-1".'],
    [{ NWS_MAX_RESPONSE_BYTES: "1e9x" }, 'NWS_MAX_RESPONSE_BYTES must be a whole number of bytes above 0, got "1e9x".'],
  ])("rejects %j, naming the variable", (env, message) => {
    expect(() => readWeatherConfig(env)).toThrow(new ConfigError(message));
  });
});
