import { prefixUri } from "./prefix.js";

/**
 * A remote tool's `_meta` as the gateway serves it under `prefix`: its MCP Apps view
 * (`ui.resourceUri`, and the extension's earlier flat key `ui/resourceUri`) names the URI the
 * gateway serves that `ui://` resource under; the protocol's own keys, which speak for the remote
 * server, are left out. Undefined when nothing is left.
 */
export function remoteToolMeta(prefix: string, meta: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> | undefined {
  if (meta === undefined) return undefined;
  const kept = Object.fromEntries(Object.entries(meta).filter(([key]) => !key.startsWith("io.modelcontextprotocol/")));
  const ui = kept.ui as { resourceUri?: unknown } | undefined;
  if (ui && typeof ui === "object" && typeof ui.resourceUri === "string") kept.ui = { ...ui, resourceUri: prefixUri(prefix, ui.resourceUri) };
  if (typeof kept["ui/resourceUri"] === "string") kept["ui/resourceUri"] = prefixUri(prefix, kept["ui/resourceUri"]);
  return Object.keys(kept).length > 0 ? kept : undefined;
}
