import type { AuthInfo } from "../../runtime/identity/auth-info.js";
import type { Era, ProtocolServer } from "../../runtime/sdk/sdk.js";
import type { ServerChange } from "../../runtime/server-app.js";

/** The missing scopes and what needs them; undefined when the request may proceed. */
export type ScopeShortfallAnswer = { missing: string[]; what: string } | undefined;

/** What an HTTP handler serves. */
export interface HttpServing {
  /** A protocol server for one session (2025, stateful), or one request (2025 stateless, or 2026). */
  newServer(options: { stateless: boolean; era: Era }): ProtocolServer;
  /** Subscribes to the server's run-time changes; returns a function that stops it. */
  onChange?(listener: (change: ServerChange) => void): () => void;
  /** What a request needs that `auth` lacks (for a request that reaches a task, found in the task store). */
  scopeShortfall?(message: unknown, auth: AuthInfo): ScopeShortfallAnswer | Promise<ScopeShortfallAnswer>;
  /** Every scope the server's components declare (`scopes_supported` of the RFC 9728 metadata). */
  scopesSupported?(): string[];
}
