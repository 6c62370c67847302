import { BuildError } from "../../errors/build-error.js";
import type { ComponentRegistry, RegistryEntry } from "../components/component-registry.js";
import { prefixName } from "./prefix.js";
import type { ServerApp } from "../server-app.js";
import { someNames } from "../validation/some-names.js";
import type { ComponentTransform, PartTransforms } from "./part-transforms.js";
import { TransformedTool } from "./transformed-tool.js";
import { unprefixUri } from "./unprefix-uri.js";

/** The keys each registry held before a part was mounted: what the mount added is the rest. */
export interface KeysBefore {
  readonly tools: ReadonlySet<string>;
  readonly prompts: ReadonlySet<string>;
  readonly resources: ReadonlySet<string>;
}

/** The keys of `app`'s registries now, to tell later what a mount added. */
export function keysOf(app: ServerApp): KeysBefore {
  return { tools: new Set(app.tools.keys()), prompts: new Set(app.prompts.keys()), resources: new Set(app.resources.keys()) };
}

/** Removes whatever was added to `app`'s registries since `before`. */
export function removeAddedSince(app: ServerApp, before: KeysBefore): void {
  const removeFrom = (registry: { keys(): string[]; remove(key: string): boolean }, kept: ReadonlySet<string>) => {
    for (const key of registry.keys()) if (!kept.has(key)) registry.remove(key);
  };
  removeFrom(app.tools, before.tools);
  removeFrom(app.prompts, before.prompts);
  removeFrom(app.resources, before.resources);
}

/**
 * Changes what the part just mounted under `prefix` serves, as `transforms` say. A name that part
 * does not serve, an argument its tool does not take, or a new name already served is an error
 * naming what was wrong and what there is instead.
 */
export function applyTransforms(app: ServerApp, prefix: string, before: KeysBefore, transforms: PartTransforms): void {
  const own = (served: string) => (served.startsWith(`${prefix}_`) ? served.slice(prefix.length + 1) : undefined);
  const where = `mount("${prefix}")`;
  const tools = ownKeys(app.tools, before.tools, own);
  for (const [name, transform] of Object.entries(transforms.tools ?? {})) {
    const served = find(tools, name, `${where}: transforms name the tool "${name}"`, "tools");
    const inner = app.tools.get(served)!;
    app.tools.remove(served);
    if (transform.hidden) continue;
    const renamed = transform.name === undefined ? served : prefixName(prefix, transform.name);
    if (transform.name !== undefined && !/^[A-Za-z0-9_.-]{1,128}$/.test(renamed))
      throw new TypeError(
        `${where}: the new name of tool "${name}" must be 1 to 128 of A-Z, a-z, 0-9, "_", "-" and ".", not ${JSON.stringify(transform.name)}.`,
      );
    if (app.tools.has(renamed))
      throw new BuildError("DUPLICATE_TOOL_NAME", `tool "${renamed}" is served twice: ${where} renames "${name}" to a name already served.`);
    const properties = Object.keys((inner.generated.inputSchema.properties as object | undefined) ?? {});
    for (const argument of Object.keys(transform.arguments ?? {})) {
      if (!properties.includes(argument))
        throw new TypeError(
          `${where}: transforms name the argument "${argument}" of tool "${name}", which it does not take; it takes ${someNames(properties)}.`,
        );
    }
    app.tools.add(new TransformedTool(renamed, inner, transform));
  }
  restrict(app.prompts, ownKeys(app.prompts, before.prompts, own), transforms.prompts, `${where}: transforms name the prompt`, "prompts");
  const uris = ownKeys(app.resources, before.resources, (served) => unprefixUri(prefix, served));
  restrict(app.resources, uris, transforms.resources, `${where}: transforms name the resource`, "resources");
}

// What the part added under the prefix, by the name it knows it by.
function ownKeys<W, M extends RegistryEntry<W>>(registry: ComponentRegistry<W, M>, before: ReadonlySet<string>, own: (served: string) => string | undefined) {
  const added = new Map<string, string>();
  for (const key of registry.keys()) {
    const name = before.has(key) ? undefined : own(key);
    if (name !== undefined) added.set(name, key);
  }
  return added;
}

function find(added: ReadonlyMap<string, string>, name: string, naming: string, kind: string): string {
  const served = added.get(name);
  if (served === undefined) throw new TypeError(`${naming}, which that part does not serve; its ${kind}: ${someNames(added.keys())}.`);
  return served;
}

// Prompts and resources are hidden, or kept for callers with more scopes, as they are.
function restrict<W, M extends RegistryEntry<W> & { readonly scopes: readonly string[] }>(
  registry: ComponentRegistry<W, M>,
  added: ReadonlyMap<string, string>,
  transforms: { readonly [key: string]: ComponentTransform } | undefined,
  naming: string,
  kind: string,
): void {
  for (const [key, transform] of Object.entries(transforms ?? {})) {
    const served = find(added, key, `${naming} "${key}"`, kind);
    const entry = registry.get(served)!;
    if (transform.hidden) registry.remove(served);
    else if (transform.scopes?.length)
      registry.add(
        Object.assign(Object.create(Object.getPrototypeOf(entry) as object) as M, entry, { scopes: [...new Set([...entry.scopes, ...transform.scopes])] }),
      );
  }
}
