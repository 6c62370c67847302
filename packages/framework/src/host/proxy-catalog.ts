import type { ClientSession } from "./sdk-client.js";
import type { McpPrompt, McpResource, McpResourceTemplate } from "./mcp-context.js";

/** What a gateway's upstream offers besides tools, listed once at connect (`connectServer(spec, { proxy: true })`). */
export interface ProxyCatalog {
  readonly resources?: readonly McpResource[];
  readonly resourceTemplates?: readonly McpResourceTemplate[];
  readonly prompts?: readonly McpPrompt[];
}

/**
 * Lists `session`'s resources, resource templates and prompts, in that order, naming in
 * `listing.method` the request under way, so that a failure says which list failed. A server that
 * declares a capability but lacks one of its lists (-32601) serves none of it.
 */
export async function listProxyCatalog(session: ClientSession, timeoutMs: number, listing: { method: string }): Promise<ProxyCatalog> {
  const orNone = <T>(list: Promise<T[]>): Promise<T[]> =>
    list.catch((error: unknown) => ((error as { code?: unknown } | null)?.code === -32601 ? [] : Promise.reject(error)));
  listing.method = "resources/list";
  const resources = await orNone(session.listResources(timeoutMs));
  listing.method = "resources/templates/list";
  const resourceTemplates = await orNone(session.listResourceTemplates(timeoutMs));
  listing.method = "prompts/list";
  return { resources, resourceTemplates, prompts: await orNone(session.listPrompts(timeoutMs)) };
}
