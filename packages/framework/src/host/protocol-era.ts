/**
 * The protocol era a connection negotiated. `stateless` is 2026-07-28 and later: no session, no
 * `initialize`, the version and client capabilities in `_meta` on every request. `initialize` is
 * 2025-11-25 and earlier: a session opened by the `initialize` handshake.
 */
export interface ProtocolEra {
  readonly kind: "stateless" | "initialize";
  /** The protocol version the connection speaks, such as "2026-07-28" or "2025-11-25". */
  readonly protocolVersion: string;
}

/** Which era a host connects in: `auto` negotiates (2026-07-28 first); a version pins it. */
export type ProtocolChoice = "auto" | "2025-11-25" | "2026-07-28";
