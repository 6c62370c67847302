/**
 * The one module of `typemcp/testing` that imports `@modelcontextprotocol/sdk`: the SDK's own
 * `Client`, linked to a server session through the SDK's in-memory transport pair. Real JSON-RPC
 * messages pass both ways; nothing leaves the process.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CreateMessageRequestSchema, ElicitRequestSchema, ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ProtocolServer } from "../runtime/sdk.js";

/** A notification the server sent, as it arrived. */
export interface ReceivedNotification {
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

/** Progress reported for one request. */
export interface Progress {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** Per-request options the SDK client takes. */
export interface RequestOptions {
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** What the linked client answers when the server asks it something. */
export interface ClientHandlers {
  elicit?: (params: Record<string, unknown>) => unknown;
  sample?: (params: Record<string, unknown>) => unknown;
  roots?: boolean;
  notification: (notification: ReceivedNotification) => void;
}

/** The SDK client, in the few terms `typemcp/testing` uses. */
export interface LinkedClient {
  request(method: string, params: Record<string, unknown> | undefined, options?: RequestOptions): Promise<Record<string, any>>;
  serverInfo(): { name: string; version: string; title?: string } | undefined;
  serverCapabilities(): Record<string, unknown> | undefined;
  instructions(): string | undefined;
  close(): Promise<void>;
}

/** Connects a new SDK client to `session` in memory and completes the `initialize` handshake. */
export async function linkClient(session: ProtocolServer, handlers: ClientHandlers): Promise<LinkedClient> {
  const capabilities = {
    ...(handlers.elicit ? { elicitation: { form: {} } } : {}),
    ...(handlers.sample ? { sampling: {} } : {}),
    ...(handlers.roots ? { roots: { listChanged: true } } : {}),
  };
  const client = new Client({ name: "typemcp-testing", version: "1.0.0" }, { capabilities });
  if (handlers.elicit) client.setRequestHandler(ElicitRequestSchema, async (request) => (await handlers.elicit!(request.params)) as never);
  if (handlers.sample) client.setRequestHandler(CreateMessageRequestSchema, async (request) => (await handlers.sample!(request.params)) as never);
  client.fallbackNotificationHandler = async (notification) => handlers.notification(notification as ReceivedNotification);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await session.connect(serverSide);
  await client.connect(clientSide);
  return {
    async request(method, params, options = {}) {
      // The SDK checks structured results against the tool's output schema, from its last tools/list.
      if (method === "tools/list") return client.listTools(params, sdkOptions(options));
      if (method === "tools/call") return client.callTool(params as never, undefined, sdkOptions(options));
      return client.request({ method, ...(params ? { params } : {}) } as never, ResultSchema as never, sdkOptions(options));
    },
    serverInfo: () => client.getServerVersion(),
    serverCapabilities: () => client.getServerCapabilities() as Record<string, unknown> | undefined,
    instructions: () => client.getInstructions(),
    close: () => client.close(),
  };
}

function sdkOptions(options: RequestOptions) {
  return {
    ...(options.onProgress ? { onprogress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
  };
}
