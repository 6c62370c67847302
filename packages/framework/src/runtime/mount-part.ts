import { BuildError } from "../errors/build-error.js";
import type { Middleware } from "./middleware.js";
import { assertPrefix, joinPrefix, prefixName } from "./prefix.js";
import { isRemoteServer, ProxiedTool, type RemoteServer } from "./proxied-tool.js";
import type { ServerApp } from "./server-app.js";

/**
 * Serves `part` in `app` under `prefix`: an instance's decorated methods, every part of another
 * server (`partApp`, when `part` is one: with its middleware, its own prefixes joined to this
 * one), or a connected remote server's tools.
 */
export function mountPart(app: ServerApp, prefix: string, part: object, partApp: ServerApp | undefined): void {
  assertPrefix(prefix);
  if (partApp === app) throw new TypeError("mount(): a server cannot be mounted into itself.");
  if (partApp) {
    // The part keeps its own middleware: its server-wide onToolCall hooks, inside the gateway's.
    for (const inner of partApp.parts) {
      const middleware = [...partApp.middleware, ...inner.middleware];
      if (inner.kind === "instance") app.add(inner.instance, { prefix: joinPrefix(prefix, inner.prefix), middleware });
      else addRemote(app, inner.remote, joinPrefix(prefix, inner.prefix)!, middleware);
    }
  } else if (isRemoteServer(part)) addRemote(app, part, prefix);
  else app.add(part, { prefix });
}

/** Serves each tool of a connected `remote` server as `prefix_name`, inside `middleware` (a mounted server's own). */
function addRemote(app: ServerApp, remote: RemoteServer, prefix: string, middleware: readonly Middleware[] = []): void {
  const names = remote.tools.map((t) => prefixName(prefix, t.name));
  const taken = names.find((name, i) => app.tools.has(name) || names.indexOf(name) !== i);
  if (taken !== undefined)
    throw new BuildError(
      "DUPLICATE_TOOL_NAME",
      `tool "${taken}" is served twice: the remote server mounted as "${prefix}" brings one too. Mount it under another prefix.`,
    );
  const around = [...app.middleware, ...middleware].filter((m) => m.onToolCall);
  remote.tools.forEach((definition, i) => {
    const tool = new ProxiedTool(names[i]!, remote, definition.name, definition);
    tool.middleware = around;
    app.tools.add(tool);
  });
  app.parts.push({ kind: "remote", remote, prefix, middleware });
}
