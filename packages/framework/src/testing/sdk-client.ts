/**
 * `typemcp/testing`'s client: the official v2 MCP client (`@modelcontextprotocol/client`, through
 * the one seam typemcp has to it, `host/client-seam.ts`), linked to a server in this process through an in-memory
 * transport pair. Real JSON-RPC messages pass both ways; nothing leaves the process. The server
 * side is served exactly as stdio serves it, so the client's first message picks the era.
 */
import { Client, InMemoryTransport } from "../host/client-seam.js";
import type { Progress } from "../host/mcp-tool.js";
import { RawRequests, requestEnvelope, type RawChannel } from "../host/raw-requests.js";
import { serveConnection, TASKS_EXTENSION, type JSONRPCMessage, type ProtocolServerFactory, type Transport } from "../runtime/sdk/sdk.js";
import { type ReceiveExtra, TransportInFront } from "../runtime/sdk/transport-in-front.js";

/** The protocol revision a test client speaks: `2025-11-25` (initialize, sessions) or `2026-07-28` (stateless). */
export type ProtocolVersion = "2025-11-25" | "2026-07-28";

/** A notification the server sent, as it arrived. */
export interface ReceivedNotification {
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

/** Options for one request: a tool call, or any other the test sends. */
export interface CallOptions {
  /** Receives each `notifications/progress` the tool sends for this call (the call carries a progress token). */
  onProgress?: (progress: Progress) => void;
  /** Cancels the call: the server receives `notifications/cancelled` and the promise rejects. */
  signal?: AbortSignal;
  /** Rejects when no answer arrives in time (default: the SDK's 60 s). */
  timeoutMs?: number;
}

/** What the linked client answers when the server asks it something. */
export interface ClientHandlers {
  elicit?: (params: Record<string, unknown>) => unknown;
  sample?: (params: Record<string, unknown>) => unknown;
  roots?: () => unknown;
  notification: (notification: ReceivedNotification) => void;
  /** Extensions the client declares it supports, by identifier (e.g. MCP Apps). */
  extensions?: Record<string, object>;
}

/** The SDK client, in the few terms `typemcp/testing` uses. */
export interface LinkedClient {
  /** The revision the connection speaks. */
  readonly protocolVersion: string | undefined;
  request(method: string, params: Record<string, unknown> | undefined, options?: CallOptions): Promise<Record<string, any>>;
  /** Hears of updates to resource `uri`: `resources/subscribe` (2025), a `subscriptions/listen` stream (2026). */
  subscribe(uri: string): Promise<void>;
  /**
   * Sends a request as raw JSON-RPC past the SDK client, which neither sends the Tasks
   * extension's methods nor reads a task handle (2026-07-28: with the extension declared in the
   * request's `_meta`), and returns its raw result; a JSON-RPC error rejects.
   */
  raw(method: string, params: Record<string, unknown>): Promise<Record<string, any>>;
  /** Answers a 2026-07-28 input-required result's `inputRequests` with this client's handlers, by key. */
  fulfil(inputRequests: Record<string, { method: string; params?: Record<string, unknown> }>): Promise<Record<string, unknown>>;
  serverInfo(): { name: string; version: string; title?: string } | undefined;
  serverCapabilities(): Record<string, unknown> | undefined;
  instructions(): string | undefined;
  close(): Promise<void>;
}

/** Connects a new SDK client speaking `version` to a server in memory (for 2025-11-25, through the `initialize` handshake). */
export async function linkClient(factory: ProtocolServerFactory, handlers: ClientHandlers, version: ProtocolVersion = "2025-11-25"): Promise<LinkedClient> {
  const capabilities = {
    ...(handlers.elicit ? { elicitation: { form: {} } } : {}),
    ...(handlers.sample ? { sampling: {} } : {}),
    ...(handlers.roots ? { roots: { listChanged: true } } : {}),
    ...(handlers.extensions ? { extensions: handlers.extensions } : {}),
  };
  const client = new Client({ name: "typemcp-testing", version: "1.0.0" }, {
    capabilities,
    ...(version === "2026-07-28" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}),
  } as never);
  if (handlers.elicit) client.setRequestHandler("elicitation/create", async (request) => (await handlers.elicit!(request.params as never)) as never);
  if (handlers.sample) client.setRequestHandler("sampling/createMessage", async (request) => (await handlers.sample!(request.params as never)) as never);
  if (handlers.roots) client.setRequestHandler("roots/list", async () => (await handlers.roots!()) as never);
  client.fallbackNotificationHandler = async (notification) => handlers.notification(notification as ReceivedNotification);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveConnection(factory, serverSide as unknown as Transport);
  const tapped = new TappedTransport(clientSide as unknown as Transport);
  await client.connect(tapped);
  const is2026 = client.getNegotiatedProtocolVersion() === "2026-07-28";
  const raw = (method: string, params: Record<string, unknown>) =>
    tapped.request(method, params, is2026 ? { ...capabilities, extensions: { ...handlers.extensions, [TASKS_EXTENSION]: {} } } : undefined);
  // 2026-07-28 sends list changes and resource updates only on a subscriptions/listen stream:
  // one is kept open for whatever the server can announce, reopened as resources are subscribed.
  const resources: string[] = [];
  let stream: { close(): Promise<void> } | undefined;
  const listen = async () => {
    const declared = client.getServerCapabilities() ?? {};
    const filter = {
      ...(declared.tools?.listChanged ? { toolsListChanged: true } : {}),
      ...(declared.prompts?.listChanged ? { promptsListChanged: true } : {}),
      ...(declared.resources?.listChanged ? { resourcesListChanged: true } : {}),
      ...(resources.length ? { resourceSubscriptions: [...resources] } : {}),
    };
    if (Object.keys(filter).length === 0) return;
    const previous = stream;
    stream = await client.listen(filter);
    await previous?.close();
  };
  if (is2026) await listen();
  return {
    protocolVersion: client.getNegotiatedProtocolVersion(),
    async subscribe(uri) {
      if (!is2026) {
        await client.subscribeResource({ uri }).catch((error: unknown) => Promise.reject(withCode(error)));
        return;
      }
      if (!resources.includes(uri)) resources.push(uri);
      await listen();
    },
    async request(method, params, options = {}) {
      try {
        // The SDK checks structured results against the tool's output schema, from its last tools/list.
        // A test sees every list as the server sends it now, never one the client cached.
        if (method === "tools/list") return await client.listTools(params, { ...sdkOptions(options), cacheMode: "refresh" });
        if (method === "tools/call") return await client.callTool(params as never, sdkOptions(options));
        return (await client.request({ method, ...(params ? { params } : {}) } as never, sdkOptions(options) as never)) as Record<string, any>;
      } catch (error) {
        throw withCode(error);
      }
    },
    raw,
    async fulfil(inputRequests) {
      const answers: Record<string, unknown> = {};
      for (const [key, { method, params = {} }] of Object.entries(inputRequests)) {
        const handler =
          method === "elicitation/create"
            ? handlers.elicit
            : method === "sampling/createMessage"
              ? handlers.sample
              : method === "roots/list"
                ? () => handlers.roots?.()
                : undefined;
        if (!handler || (method === "roots/list" && !handlers.roots))
          throw new Error(
            `The server asks "${method}" (input "${key}"), which this test client has no handler for: pass onElicit, onSample or roots to connect().`,
          );
        answers[key] = await handler(params);
      }
      return answers;
    },
    serverInfo: () => client.getServerVersion(),
    serverCapabilities: () => client.getServerCapabilities() as Record<string, unknown> | undefined,
    instructions: () => client.getInstructions(),
    async close() {
      await stream?.close().catch(() => undefined);
      await client.close();
      await served.close();
    },
  };
}

// A JSON-RPC error reads "MCP error <code>: <message>", as a test asserts on it (and as the
// 2025-era reference client words it), whichever client raised it.
function withCode(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (!(error instanceof Error) || typeof code !== "number" || error.message.startsWith("MCP error")) return error;
  error.message = `MCP error ${code}: ${error.message}`;
  return error;
}

function sdkOptions(options: CallOptions) {
  return {
    ...(options.onProgress ? { onprogress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
  };
}

/**
 * The client's end of the in-memory link as the SDK client gets it: a transport of ours in front
 * of the SDK's `InMemoryTransport`, whose callbacks it sets before starting it (as any owner of a
 * transport does). It carries the testing client's raw requests too: their string ids never
 * collide with the SDK's numeric ones, and their answers are taken here, before the SDK client
 * would see them.
 */
class TappedTransport extends TransportInFront {
  private readonly raw: RawRequests;

  constructor(inner: Transport) {
    super(inner);
    this.raw = new RawRequests(inner as RawChannel, "typemcp-testing-");
  }

  protected override receive(message: JSONRPCMessage, extra?: ReceiveExtra): void {
    if (!this.raw.take(message)) super.receive(message, extra);
  }

  /** Sends `method` past the SDK client (with the 2026-07-28 envelope when `capabilities` are given) and resolves with its result. */
  request(method: string, params: Record<string, unknown>, capabilities: Record<string, unknown> | undefined): Promise<Record<string, any>> {
    const meta = capabilities && requestEnvelope("2026-07-28", { name: "typemcp-testing", version: "1.0.0" }, capabilities);
    return this.raw.request(method, meta ? { ...params, _meta: meta } : params);
  }
}
