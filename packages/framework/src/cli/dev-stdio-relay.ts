/** A JSON-RPC message as the relay reads it: only the fields it routes on. */
interface Message {
  id?: string | number | null;
  method?: string;
  params?: { requestId?: unknown; _meta?: Record<string, unknown>; notifications?: ListenFilter; [key: string]: unknown };
  result?: { capabilities?: Record<string, unknown>; [key: string]: unknown };
  error?: unknown;
}

/** What a 2026-07-28 `subscriptions/listen` asks to hear of, as the server acknowledged it. */
interface ListenFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
const LISTS = [
  ["tools", "toolsListChanged"],
  ["resources", "resourcesListChanged"],
  ["prompts", "promptsListChanged"],
] as const;

/**
 * The host's side of `typemcp dev` over stdio: one MCP session that outlives the server
 * processes behind it. It remembers what a new server needs to take the session over (the
 * 2025-11-25 `initialize`, the 2026-07-28 `subscriptions/listen` streams), tells the host what
 * changed after a restart in the terms of its era, and answers the requests a restart cut off.
 * (No list is cached past the next edit: the servers it runs send no cache hint, MCP_LIST_TTL=0.)
 */
export class DevStdioRelay {
  private initialize: Message | undefined;
  private initialized: string | undefined;
  // The replayed initialize, whose answer is the relay's own.
  private handshakeId: string | undefined;
  // Open listen streams by request id: the request, the filter the server honoured, and
  // whether the current server has acknowledged it yet (a replayed one not yet).
  private readonly listens = new Map<string, { line: string; honored: ListenFilter; replayed: boolean }>();
  // Requests the running server has and has not answered, by id: their method.
  private readonly inFlight = new Map<string, string>();
  private restarts = 0;

  /** @param toHost writes one line to the host. */
  constructor(private readonly toHost: (line: string) => void) {}

  /** Records a line the host sent, as it goes to the running server. */
  fromHost(line: string): void {
    const message = parse(line);
    if (!message) return;
    if (message.method === "initialize") this.initialize = message;
    else if (message.method === "notifications/initialized") this.initialized = line;
    else if (message.method === "subscriptions/listen" && message.id != null) this.listens.set(key(message.id), { line, honored: {}, replayed: false });
    else if (message.method === "notifications/cancelled") {
      // A cancelled request gets no answer; a cancelled listen stream is closed.
      const id = key(message.params?.requestId);
      this.listens.delete(id);
      this.inFlight.delete(id);
    }
    if (message.method && message.id != null && message.method !== "subscriptions/listen") this.inFlight.set(key(message.id), message.method);
  }

  /** Relays a line from a server to the host; `current` is false for a server being replaced. */
  fromServer(line: string, current: boolean): void {
    const message = parse(line);
    if (!message) return this.toHost(line);
    if (message.method === undefined && message.id != null) return this.fromServerResponse(line, message, current);
    if (message.method === "notifications/subscriptions/acknowledged") {
      const listen = this.listens.get(key(message.params?._meta?.[SUBSCRIPTION_ID]));
      if (listen) {
        listen.honored = message.params?.notifications ?? {};
        if (listen.replayed) {
          // The host's stream was acknowledged long ago; it hears what may have changed instead.
          listen.replayed = false;
          this.announceOnListen(key(message.params?._meta?.[SUBSCRIPTION_ID]), listen.honored);
          return;
        }
      }
    }
    this.toHost(line);
  }

  /**
   * The lines a new server needs to take over the host's session (none before the first
   * server). Requests the replaced server left unanswered are answered here with an error, so
   * the host never waits on a process that is gone.
   */
  handOver(): string[] {
    for (const [id, method] of this.inFlight) {
      this.toHost(
        JSON.stringify({
          jsonrpc: "2.0",
          id: JSON.parse(id),
          error: { code: -32603, message: `typemcp dev restarted the server after a source change before it answered ${method}; send the request again.` },
        }),
      );
    }
    this.inFlight.clear();
    const lines: string[] = [];
    if (this.initialize) {
      this.handshakeId = `typemcp-dev-handshake-${++this.restarts}`;
      lines.push(JSON.stringify({ ...this.initialize, id: this.handshakeId }));
      if (this.initialized) lines.push(this.initialized);
    }
    for (const listen of this.listens.values()) {
      listen.replayed = true;
      lines.push(listen.line);
    }
    return lines;
  }

  private fromServerResponse(line: string, message: Message, current: boolean): void {
    const id = key(message.id);
    if (this.handshakeId !== undefined && id === key(this.handshakeId)) {
      this.handshakeId = undefined;
      // 2025-11-25: the host's session never ended; it hears that every list it may hold changed.
      const declared = message.result?.capabilities ?? {};
      for (const [list] of LISTS) if (declared[list]) this.toHost(JSON.stringify({ jsonrpc: "2.0", method: `notifications/${list}/list_changed` }));
      return;
    }
    if (this.listens.has(id)) {
      // A replaced server closes its listen streams on the way out; the host's stay open on the next.
      if (!current) return;
      this.listens.delete(id);
      return this.toHost(line);
    }
    const method = this.inFlight.get(id);
    // An answer the relay already gave for a server that was replaced.
    if (method === undefined && !current) return;
    this.inFlight.delete(id);
    this.toHost(line);
  }

  private announceOnListen(subscriptionId: string, honored: ListenFilter): void {
    const meta = { [SUBSCRIPTION_ID]: JSON.parse(subscriptionId) as unknown };
    for (const [list, flag] of LISTS) {
      if (honored[flag]) this.toHost(JSON.stringify({ jsonrpc: "2.0", method: `notifications/${list}/list_changed`, params: { _meta: meta } }));
    }
    for (const uri of honored.resourceSubscriptions ?? []) {
      this.toHost(JSON.stringify({ jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri, _meta: meta } }));
    }
  }
}

// Ids compared as JSON, so the number 1 and the string "1" stay apart.
function key(id: unknown): string {
  return JSON.stringify(id ?? null);
}

function parse(line: string): Message | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Message) : undefined;
  } catch {
    return undefined;
  }
}
