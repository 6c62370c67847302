import { BuildError } from "../../errors/build-error.js";
import { prefixName } from "./prefix.js";
import type { ServerApp } from "../server-app.js";
import { ProxiedPrompt } from "./proxied-prompt.js";
import { ProxiedResource } from "./proxied-resource.js";
import type { RemoteCatalog } from "./remote-catalog.js";

/**
 * Serves what a connected `remote` server listed besides tools (resources, templates, prompts:
 * `catalog`, as it listed them last) under `prefix`, each read, got or completed by forwarding to it. A URI or prompt name already
 * served is an error naming the mount, and nothing of the remote server's catalog is added.
 */
export function addRemoteCatalog(app: ServerApp, remote: RemoteCatalog, prefix: string, catalog: RemoteCatalog = remote): void {
  const resources = [...(catalog.resources ?? []), ...(catalog.resourceTemplates ?? [])].map((listed) => new ProxiedResource(remote, prefix, listed));
  const prompts = (catalog.prompts ?? []).map((listed) => new ProxiedPrompt(prefixName(prefix, listed.name), remote, listed.name, listed));
  const taken = (kind: "resource URI" | "prompt", key: string) =>
    new BuildError(
      kind === "prompt" ? "DUPLICATE_PROMPT_NAME" : "DUPLICATE_RESOURCE_URI",
      `${kind} "${key}" is served twice: the remote server mounted as "${prefix}" brings one too. Mount it under another prefix.`,
    );
  const resourceKeys = new Set<string>();
  for (const resource of resources) {
    if (app.resources.has(resource.key) || resourceKeys.has(resource.key)) throw taken("resource URI", resource.key);
    resourceKeys.add(resource.key);
  }
  const promptKeys = new Set<string>();
  for (const prompt of prompts) {
    if (app.prompts.has(prompt.key) || promptKeys.has(prompt.key)) throw taken("prompt", prompt.key);
    promptKeys.add(prompt.key);
  }
  for (const resource of resources) app.resources.add(resource);
  for (const prompt of prompts) app.prompts.add(prompt);
}
