import type { Client } from "./client-seam.js";
import type { McpListKind } from "./mcp-context.js";

// One `notifications/message`, as the server sent it (`ServerLogMessage` in sdk-client.ts).
type LogMessage = { level: string; logger?: string; data: unknown };

/** A change a server announces: one of its lists changed, or a resource subscribed to did. */
export type UpstreamChange = { readonly kind: McpListKind } | { readonly kind: "resource"; readonly uri: string };

/**
 * What a server announces (`notifications/{tools,resources,prompts}/list_changed`,
 * `notifications/resources/updated`), for each listener to hear, and its log messages, for the
 * call they belong to; and its resource subscriptions, which a gateway's upstream takes:
 * `resources/subscribe` in 2025-11-25, a `subscriptions/listen` stream naming them in 2026-07-28
 * (reopened, the previous one closed, as each is added).
 */
export class UpstreamEvents {
  private readonly listeners = new Set<(change: UpstreamChange) => void>();
  /** Each URI subscribed, or being subscribed; one the server refused stays refused. */
  private readonly subscribed = new Map<string, Promise<void>>();
  private stream: { close(): Promise<void> } | undefined;
  private client: Client | undefined;

  /**
   * Hears `client`'s resource updates (list changes arrive through `tell`, from the SDK's
   * list-changed handlers) and log messages, each passed to the `onlog` of `logCaller()`.
   */
  attach(client: Client, logCaller: () => { onlog?: (message: LogMessage) => void } | undefined): void {
    this.client = client;
    client.setNotificationHandler("notifications/message", (notification) => logCaller()?.onlog?.(notification.params as LogMessage));
    client.setNotificationHandler("notifications/resources/updated", (notification) => {
      this.tell({ kind: "resource", uri: String((notification.params as { uri?: unknown }).uri) });
    });
  }

  /** Tells every listener of `change`. */
  tell(change: UpstreamChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /** Calls `listener` on every change; returns a function that stops it. */
  on(listener: (change: UpstreamChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Subscribes to updates of `uri` on the server; a URI subscribed already (or refused) is not asked again. */
  subscribe(uri: string, timeoutMs: number): Promise<void> {
    const client = this.client;
    if (!client) return Promise.resolve();
    let subscribing = this.subscribed.get(uri);
    if (subscribing === undefined) {
      const uris = [...this.subscribed.keys(), uri];
      subscribing = client.getProtocolEra() === "modern" ? this.listen(client, uris) : client.subscribeResource({ uri }, { timeout: timeoutMs }).then(() => {});
      this.subscribed.set(uri, subscribing);
    }
    return subscribing;
  }

  // 2026-07-28: one stream names every URI; the one before it closes once it is open.
  private async listen(client: Client, uris: string[]): Promise<void> {
    const previous = this.stream;
    this.stream = await client.listen({ resourceSubscriptions: uris });
    await previous?.close();
  }

  /** Closes the 2026-07-28 subscription stream, if one is open. */
  async close(): Promise<void> {
    await this.stream?.close().catch(() => undefined);
  }
}

/**
 * The SDK's list-changed handlers, telling `onListChanged`. Nothing is listed again here: the
 * host does it before its next use, so a model request that follows the notification at once
 * cannot race a refresh the SDK started on its own.
 */
export function listChangedHandlers(onListChanged: (kind: McpListKind) => void) {
  return {
    // No debounce (the SDK waits 300 ms by default): the next model request must see the change.
    tools: { autoRefresh: false, debounceMs: 0, onChanged: () => onListChanged("tools") },
    resources: { autoRefresh: false, debounceMs: 0, onChanged: () => onListChanged("resources") },
    prompts: { autoRefresh: false, debounceMs: 0, onChanged: () => onListChanged("prompts") },
  };
}
