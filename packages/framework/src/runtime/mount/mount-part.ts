import type { Middleware } from "../middleware/middleware.js";
import { assertPrefix, joinPrefix } from "./prefix.js";
import { isRemoteServer, type RemoteServer } from "./proxied-tool.js";
import type { ServerApp } from "../server-app.js";
import { addRemote } from "./add-remote.js";
import { followRemote } from "./follow-remote.js";
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
        else addRemotePart(app, inner.remote, joinPrefix(prefix, inner.prefix)!, middleware);
      }
      // Its transforms are made again here: the parts above are added as they came.
      for (const layer of partApp.transformLayers) transform(app, joinPrefix(prefix, layer.prefix)!, before, layer.transforms);
    } else if (isRemoteServer(part)) addRemotePart(app, part, prefix);
    else app.add(part, { prefix });
    if (transforms) transform(app, prefix, before, transforms);
    // Only a mount that stands follows its remote servers' changes.
    for (const added of app.parts.slice(counts.parts)) if (added.kind === "remote") followRemote(app, added);
    app.runTasksIfAny();
  } catch (error) {
    // A mount that fails adds nothing: the app serves what it served before, and a corrected
    // mount under the same prefix finds no half of this one in its way.
    removeAddedSince(app, before);
    app.parts.length = counts.parts;
    app.transformLayers.length = counts.layers;
    throw error;
  }
}

function addRemotePart(app: ServerApp, remote: RemoteServer, prefix: string, middleware: readonly Middleware[] = []): void {
  addRemote(app, remote, prefix, middleware);
  app.parts.push({ kind: "remote", remote, prefix, middleware });
}

function transform(app: ServerApp, prefix: string, before: KeysBefore, transforms: PartTransforms): void {
  applyTransforms(app, prefix, before, transforms);
  app.transformLayers.push({ prefix, transforms });
}
