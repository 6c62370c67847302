import { HostError } from "../errors/host-error.js";

/**
 * How far the user trusts what a server says about its own tools (mcp.json `"trust"`). `ask`, the
 * default: every call of a chat's model is asked first, whatever the tool's annotations, since
 * MCP treats annotations from a server the host does not trust as hints, and any server can mark
 * any tool read-only. `read-only`: the server's `readOnlyHint: true` is believed, and such calls
 * run unasked.
 */
export type ServerTrust = "ask" | "read-only";

const TRUST_VALUES: readonly ServerTrust[] = ["ask", "read-only"];

/** The `"trust"` of an mcp.json server entry, checked; undefined when the entry has none. */
export function readServerTrust(value: unknown, where: string, file: string): ServerTrust | undefined {
  if (value === undefined) return undefined;
  if (TRUST_VALUES.includes(value as ServerTrust)) return value as ServerTrust;
  throw new HostError("HOST_CONFIG_INVALID", `${file}: ${where}.trust must be ${TRUST_VALUES.map((t) => `"${t}"`).join(" or ")}; got ${JSON.stringify(value)}`);
}
