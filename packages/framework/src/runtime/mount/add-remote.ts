import { BuildError } from "../../errors/build-error.js";
import type { Middleware } from "../middleware/middleware.js";
import type { ServerApp } from "../server-app.js";
import { addRemoteCatalog } from "./add-remote-catalog.js";
import { prefixName } from "./prefix.js";
import { ProxiedTool, type RemoteServer } from "./proxied-tool.js";
import type { RemoteCatalog } from "./remote-catalog.js";
import { remoteToolMeta } from "./remote-tool-meta.js";

/**
 * Serves each tool of a connected `remote` server (`tools`, as it last listed them) as
 * `prefix_name`, inside `middleware` (a mounted server's own), and what else it listed
 * (`catalog`). A name or URI already served is an error naming the mount.
 */
export function addRemote(app: ServerApp, remote: RemoteServer, prefix: string, middleware: readonly Middleware[], catalog: RemoteCatalog = remote): void {
  const names = remote.tools.map((t) => toValidToolName(prefixName(prefix, t.name)));
  const takenAt = names.findIndex((name, i) => app.tools.has(name) || names.indexOf(name) !== i);
  if (takenAt !== -1) {
    const taken = names[takenAt]!;
    const first = names.indexOf(taken);
    throw new BuildError(
      "DUPLICATE_TOOL_NAME",
      first === takenAt
        ? `tool "${taken}" is served twice: the remote server mounted as "${prefix}" brings one too. Mount it under another prefix.`
        : `tool "${taken}" is served twice: the remote server mounted as "${prefix}" has the tools ${JSON.stringify(remote.tools[first]!.name)} and ${JSON.stringify(remote.tools[takenAt]!.name)}, which MCP's naming rules make the same name. Rename one of them on that server.`,
    );
  }
  remote.tools.forEach((t, i) => {
    if (names[i] !== prefixName(prefix, t.name))
      process.stderr.write(
        `[typemcp] mount("${prefix}"): the remote tool ${JSON.stringify(t.name.slice(0, 200))} is served as "${names[i]}": MCP tool names use only A-Z, a-z, 0-9, "_", "-" and "." (1 to ${MAX_TOOL_NAME} characters).\n`,
      );
  });
  const around = [...app.middleware, ...middleware].filter((m) => m.onToolCall);
  remote.tools.forEach((definition, i) => {
    const tool = new ProxiedTool(names[i]!, remote, definition.name, definition, remoteToolMeta(prefix, definition._meta));
    tool.middleware = around;
    app.tools.add(tool);
  });
  addRemoteCatalog(app, remote, prefix, catalog);
}

// MCP's tool names (2025-11-25, "Tool names"): 1 to 128 characters from A-Z, a-z, 0-9, "_", "-"
// and ".". A remote server's name outside them (a space, a newline) would be re-served as it
// came, to clients and models that reject it: each other character becomes "_".
const MAX_TOOL_NAME = 128;
function toValidToolName(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, MAX_TOOL_NAME);
}
