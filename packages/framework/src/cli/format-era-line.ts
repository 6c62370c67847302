import type { ProtocolChoice, ProtocolEra } from "../host/protocol-era.js";

/**
 * The `--verbose` line that says which protocol era a connection speaks, under the name the
 * server's tools are qualified with:
 * `[towns] protocol 2026-07-28 (stateless: found by server/discover, version and capabilities in _meta on every request)`
 * `[everything] protocol 2025-11-25 (initialize handshake: the server gave no 2026-07-28 answer to server/discover)`
 * With `--protocol` pinning the era, the line says so instead of how it was found.
 */
export function formatEraLine(server: string, era: ProtocolEra, protocol: ProtocolChoice = "auto"): string {
  const found =
    protocol === "auto"
      ? era.name === "2026-07-28"
        ? "found by server/discover"
        : "the server gave no 2026-07-28 answer to server/discover"
      : `--protocol ${protocol}`;
  const how = era.name === "2026-07-28" ? `stateless: ${found}, version and capabilities in _meta on every request` : `initialize handshake: ${found}`;
  return `[${server}] protocol ${era.protocolVersion} (${how})`;
}
