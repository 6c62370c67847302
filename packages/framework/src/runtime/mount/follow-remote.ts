import type { ServedPart, ServerApp } from "../server-app.js";
import { RegisteredTool } from "../components/registered-tool.js";
import { addRemote } from "./add-remote.js";
import { servingChanges } from "./changes-served.js";
import { applyTransforms, keysOf, removeAddedSince } from "./apply-transforms.js";
import { prefixUri } from "./prefix.js";
import type { RemoteCatalog } from "./remote-catalog.js";
import type { PartTransforms } from "./part-transforms.js";

type RemotePart = Extract<ServedPart, { kind: "remote" }>;

/**
 * Follows what a mounted remote server announces: an update of a resource it serves goes to the
 * callers subscribed to it under the served URI; when one of its lists changes, the gateway lists
 * it again and serves what it serves now, with the transforms of its mount made again (its
 * callers hear the gateway's own lists changed). One change is taken at a time; a transform of
 * something it no longer serves waits for it to come back; a new list that cannot be served (a
 * name it now brings is served already) keeps the old one, saying why on stderr.
 */
export function followRemote(app: ServerApp, part: RemotePart): void {
  const { remote, prefix } = part;
  if (!remote.onChange) return;
  let catalog: RemoteCatalog = { resources: remote.resources, resourceTemplates: remote.resourceTemplates, prompts: remote.prompts };
  let queue = Promise.resolve();
  remote.onChange((change) => {
    if (change.kind === "resource") return app.resourceUpdated(prefixUri(prefix, change.uri));
    queue = queue
      .then(async () => {
        if (change.kind === "tools") await remote.refreshTools?.();
        else if (remote.refreshCatalog) catalog = await remote.refreshCatalog();
        serveAgain(app, part, catalog);
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        process.stderr.write(`[typemcp] mount("${prefix}"): the remote server's ${change.kind} changed, and serving them again failed: ${message}\n`);
      });
    servingChanges(remote, queue);
  });
}

// The part's components come out, and in again as the remote server lists them now; a failure
// puts the old ones back.
function serveAgain(app: ServerApp, part: RemotePart, catalog: RemoteCatalog): void {
  const owned = {
    tools: app.tools.values().filter((tool) => reaches(tool, part.remote)),
    prompts: app.prompts.values().filter((prompt) => prompt.instance === part.remote),
    resources: app.resources.values().filter((resource) => resource.instance === part.remote),
  };
  const said = [holdChanges(app.tools), holdChanges(app.prompts), holdChanges(app.resources)];
  for (const tool of owned.tools) app.tools.remove(tool.key);
  for (const prompt of owned.prompts) app.prompts.remove(prompt.key);
  for (const resource of owned.resources) app.resources.remove(resource.key);
  const before = keysOf(app);
  try {
    addRemote(app, part.remote, part.prefix, part.middleware, catalog);
    for (const layer of app.transformLayers)
      if (layer.prefix === part.prefix) applyTransforms(app, part.prefix, before, stillServed(layer.transforms, part.remote, catalog));
  } catch (error) {
    removeAddedSince(app, before);
    for (const tool of owned.tools) app.tools.add(tool);
    for (const prompt of owned.prompts) app.prompts.add(prompt);
    for (const resource of owned.resources) app.resources.add(resource);
    throw error;
  } finally {
    for (const told of said) told();
  }
}

// The transforms of what the remote server still serves: one it stopped serving has nothing to change.
function stillServed(transforms: PartTransforms, remote: RemotePart["remote"], catalog: RemoteCatalog): PartTransforms {
  const uris = [...(catalog.resources ?? []).map((r) => r.uri), ...(catalog.resourceTemplates ?? []).map((t) => t.uriTemplate)];
  const keep = <T>(given: Readonly<Record<string, T>> | undefined, served: readonly string[]) =>
    given && Object.fromEntries(Object.entries(given).filter(([name]) => served.includes(name)));
  return {
    tools: keep(
      transforms.tools,
      remote.tools.map((t) => t.name),
    ),
    prompts: keep(
      transforms.prompts,
      (catalog.prompts ?? []).map((p) => p.name),
    ),
    resources: keep(transforms.resources, uris),
  };
}

// Holds back `registry`'s change notifications until the function returned is called, which
// sends one if its list differs from before: callers hear one list_changed per list that changed,
// not one per component taken out and put back.
function holdChanges(registry: { onChange: (() => void) | undefined; list(): readonly unknown[] }): () => void {
  const onChange = registry.onChange;
  const before = JSON.stringify(registry.list());
  registry.onChange = undefined;
  return () => {
    registry.onChange = onChange;
    if (JSON.stringify(registry.list()) !== before) onChange?.();
  };
}

// A proxied tool is the remote server's; a transformed one, if the tool it wraps is.
function reaches(tool: RegisteredTool, remote: object): boolean {
  const by = tool.servedBy;
  return by === remote || (by instanceof RegisteredTool && reaches(by, remote));
}
