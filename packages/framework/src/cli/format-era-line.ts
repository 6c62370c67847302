import type { ProtocolEra } from "../host/protocol-era.js";

/**
 * The `--verbose` line that says which protocol era a connection speaks, under the name the
 * server's tools are qualified with:
 * `[towns] protocol 2026-07-28 (stateless: found by server/discover, version and capabilities in _meta on every request)`
 * `[everything] protocol 2025-11-25 (initialize handshake: the server gave no 2026-07-28 answer to server/discover)`
 */
export function formatEraLine(server: string, era: ProtocolEra): string {
  const how =
    era.kind === "stateless"
      ? "stateless: found by server/discover, version and capabilities in _meta on every request"
      : "initialize handshake: the server gave no 2026-07-28 answer to server/discover";
  return `[${server}] protocol ${era.protocolVersion} (${how})`;
}
