import type { ClientSession } from "./sdk-client.js";
import type { McpPrompt, McpResource, McpResourceTemplate } from "./mcp-context.js";
import type { UpstreamChange } from "./upstream-events.js";

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

/** What a connection offers a gateway that follows its server: its announcements, its subscriptions, its catalog listed again. */
export interface UpstreamMethods {
  /**
   * Calls `listener` on each list change the server announces (with `proxy` or `onListChanged`)
   * and each update of a resource subscribed with `subscribeResource`; returns a function that stops it.
   */
  onChange(listener: (change: UpstreamChange) => void): () => void;
  /** Subscribes to updates of resource `uri`, heard through `onChange`; failures are HostErrors (exit 3). */
  subscribeResource(uri: string): Promise<void>;
  /** Lists the resources, resource templates and prompts again, as at connect with `proxy`; failures are HostErrors (exit 3). */
  refreshCatalog(): Promise<ProxyCatalog>;
}

/** `UpstreamMethods` over `session`, each request bounded by `timeoutMs`, a failure explained by `fail`. */
export function upstreamMethods(session: ClientSession, timeoutMs: number, fail: (error: unknown, method: string) => Error): UpstreamMethods {
  return {
    onChange: (listener) => session.events.on(listener),
    subscribeResource: (uri) => session.events.subscribe(uri, timeoutMs).catch((error: unknown) => Promise.reject(fail(error, "resources/subscribe"))),
    refreshCatalog: () => {
      const listing = { method: "resources/list" };
      return listProxyCatalog(session, timeoutMs, listing).catch((error: unknown) => Promise.reject(fail(error, listing.method)));
    },
  };
}
