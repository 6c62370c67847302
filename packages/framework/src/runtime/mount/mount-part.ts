import { BuildError } from "../../errors/build-error.js";
import type { Middleware } from "../middleware/middleware.js";
import { assertPrefix, joinPrefix, prefixName } from "./prefix.js";
import { isRemoteServer, ProxiedTool, type RemoteServer } from "./proxied-tool.js";
import type { ServerApp } from "../server-app.js";
import { addRemoteCatalog } from "./add-remote-catalog.js";
import { applyTransforms, keysOf, removeAddedSince, type KeysBefore } from "./apply-transforms.js";
import type { PartTransforms } from "./part-transforms.js";

/**
 * Serves `part` in `app` under `prefix`: an instance's decorated methods, every part of another
 * server (`partApp`, when `part` is one: with its middleware, its own prefixes joined to this
 * one), or a connected remote server's tools (and its resources, templates and prompts when it
 * listed them); then changes what it serves as `transforms` say.
 */
export function mountPart(app: ServerApp, prefix: string, part: object, partApp: ServerApp | undefined, transforms?: PartTransforms): void {
  assertPrefix(prefix);
  if (partApp === app) throw new TypeError("mount(): a server cannot be mounted into itself.");
  const before = keysOf(app);
  const counts = { parts: app.parts.length, layers: app.transformLayers.length };
  try {
    if (partApp) {
      // The part keeps its own middleware: its server-wide onToolCall hooks, inside the gateway's.
      for (const inner of partApp.parts) {
        const middleware = [...partApp.middleware, ...inner.middleware];
        if (inner.kind === "instance") app.add(inner.instance, { prefix: joinPrefix(prefix, inner.prefix), middleware });
        else addRemote(app, inner.remote, joinPrefix(prefix, inner.prefix)!, middleware);
      }
      // Its transforms are made again here: the parts above are added as they came.
      for (const layer of partApp.transformLayers) transform(app, joinPrefix(prefix, layer.prefix)!, before, layer.transforms);
    } else if (isRemoteServer(part)) addRemote(app, part, prefix);
    else app.add(part, { prefix });
    if (transforms) transform(app, prefix, before, transforms);
  } catch (error) {
    // A mount that fails adds nothing: the app serves what it served before, and a corrected
    // mount under the same prefix finds no half of this one in its way.
    removeAddedSince(app, before);
    app.parts.length = counts.parts;
    app.transformLayers.length = counts.layers;
    throw error;
  }
}

function transform(app: ServerApp, prefix: string, before: KeysBefore, transforms: PartTransforms): void {
  applyTransforms(app, prefix, before, transforms);
  app.transformLayers.push({ prefix, transforms });
}

/** Serves each tool of a connected `remote` server as `prefix_name`, inside `middleware` (a mounted server's own), and what else it listed. */
function addRemote(app: ServerApp, remote: RemoteServer, prefix: string, middleware: readonly Middleware[] = []): void {
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
    const tool = new ProxiedTool(names[i]!, remote, definition.name, definition);
    tool.middleware = around;
    app.tools.add(tool);
  });
  addRemoteCatalog(app, remote, prefix);
  app.parts.push({ kind: "remote", remote, prefix, middleware });
}

// MCP's tool names (2025-11-25, "Tool names"): 1 to 128 characters from A-Z, a-z, 0-9, "_", "-"
// and ".". A remote server's name outside them (a space, a newline) would be re-served as it
// came, to clients and models that reject it: each other character becomes "_".
const MAX_TOOL_NAME = 128;
function toValidToolName(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, MAX_TOOL_NAME);
}
