import { servedName, type ComponentRecord } from "../../decorators/component-records.js";

/** What a mount prefix may be: letters, digits, `-`, starting with a letter or digit, so that `prefix_tool` is a valid MCP tool name. */
const PREFIX = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

/** Throws a `TypeError` naming what is wrong with `prefix`. */
export function assertPrefix(prefix: string): void {
  if (typeof prefix !== "string" || !PREFIX.test(prefix))
    throw new TypeError(`mount(): the prefix must be 1 to 64 letters, digits or "-", starting with a letter or digit, not ${JSON.stringify(prefix)}.`);
}

/** `outer` then `inner`, as a part mounted inside a mounted part is named: `outer_inner`. */
export function joinPrefix(outer: string | undefined, inner: string | undefined): string | undefined {
  if (outer === undefined) return inner;
  return inner === undefined ? outer : `${outer}_${inner}`;
}

/** A tool or prompt name under `prefix`: `weather_get_forecast`. */
export function prefixName(prefix: string | undefined, name: string): string {
  return prefix === undefined ? name : `${prefix}_${name}`;
}

/**
 * A resource URI or URI template under `prefix`, as its first path segment after the scheme:
 * `ui://forecast-view` → `ui://weather/forecast-view`, `town://{name}` → `town://towns/{name}`.
 */
export function prefixUri(prefix: string | undefined, uri: string): string {
  if (prefix === undefined) return uri;
  const match = /^([A-Za-z][A-Za-z0-9+.-]*:)(\/\/)?(.*)$/s.exec(uri);
  return match ? `${match[1]}${match[2] ?? ""}${prefix}/${match[3]}` : `${prefix}/${uri}`;
}

/** The name (or URI) a component is served under, under a mount's prefix. */
export function servedAs(record: ComponentRecord, prefix: string | undefined): string {
  return record.kind === "resource" ? prefixUri(prefix, servedName(record)) : prefixName(prefix, servedName(record));
}
