/**
 * The protocol era a connection negotiated, named by the revision that defines it: "2026-07-28" (no
 * session, no `initialize`, the version and client capabilities in `_meta` on every request) or
 * "2025-11-25" (and earlier: a session opened by the `initialize` handshake).
 */
export interface ProtocolEra {
  /** The era: "2026-07-28" or "2025-11-25" (a 2025-11-25-era connection may speak an earlier version). */
  readonly name: "2025-11-25" | "2026-07-28";
  /** @deprecated Use `name`: `stateless` is "2026-07-28", `initialize` is "2025-11-25". */
  readonly kind: "stateless" | "initialize";
  /** The protocol version the connection speaks, such as "2026-07-28" or "2025-11-25". */
  readonly protocolVersion: string;
}

/** Which era a host connects in: `auto` negotiates (2026-07-28 first); a version pins it. */
export type ProtocolChoice = "auto" | "2025-11-25" | "2026-07-28";
