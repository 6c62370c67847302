import { NWS_DEFAULTS, type NwsClientOptions } from "./nws-client.js";

/** A setting in the environment that the server cannot use. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/**
 * The client options the environment asks for: `NWS_API_BASE`, `NWS_USER_AGENT`,
 * `NWS_TIMEOUT_MS`, `NWS_RETRY_BASE_MS` and `NWS_MAX_RESPONSE_BYTES`, each falling back to its default when unset or empty.
 * Throws a ConfigError naming the variable when a value cannot be used.
 */
export function readWeatherConfig(env: NodeJS.ProcessEnv): Partial<NwsClientOptions> {
  return {
    baseUrl: readBaseUrl(env.NWS_API_BASE),
    userAgent: env.NWS_USER_AGENT?.trim() || NWS_DEFAULTS.userAgent,
    timeoutMs: readMs("NWS_TIMEOUT_MS", env.NWS_TIMEOUT_MS, NWS_DEFAULTS.timeoutMs, 1),
    retryBaseMs: readMs("NWS_RETRY_BASE_MS", env.NWS_RETRY_BASE_MS, NWS_DEFAULTS.retryBaseMs, 0),
    maxResponseBytes: readBytes("NWS_MAX_RESPONSE_BYTES", env.NWS_MAX_RESPONSE_BYTES, NWS_DEFAULTS.maxResponseBytes),
  };
}

function readBaseUrl(value: string | undefined): string {
  if (!value?.trim()) return NWS_DEFAULTS.baseUrl;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigError(`NWS_API_BASE must be an http(s) URL such as ${NWS_DEFAULTS.baseUrl}, got "${value}".`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigError(`NWS_API_BASE must be an http(s) URL such as ${NWS_DEFAULTS.baseUrl}, got "${value}".`);
  }
  return url.href;
}

function readMs(name: string, value: string | undefined, fallback: number, min: number): number {
  if (!value?.trim()) return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < min) {
    throw new ConfigError(`${name} must be a whole number of milliseconds${min > 0 ? " above 0" : ""}, got "${value}".`);
  }
  return ms;
}

function readBytes(name: string, value: string | undefined, fallback: number): number {
  if (!value?.trim()) return fallback;
  const bytes = Number(value);
  if (!Number.isInteger(bytes) || bytes < 1) throw new ConfigError(`${name} must be a whole number of bytes above 0, got "${value}".`);
  return bytes;
}
