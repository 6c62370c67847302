/** What the requests need of the connection's transport: sending one JSON-RPC message. */
export interface RawChannel {
  send(message: { jsonrpc: "2.0"; id: string; method: string; params: Record<string, unknown> }): Promise<void>;
}

/** What a 2026-07-28 request's `_meta` envelope says: the SDK client adds it only to its own requests. */
export function requestEnvelope(protocolVersion: string, clientInfo: { name: string; version: string }, capabilities: Record<string, unknown>) {
  return {
    "io.modelcontextprotocol/protocolVersion": protocolVersion,
    "io.modelcontextprotocol/clientInfo": clientInfo,
    "io.modelcontextprotocol/clientCapabilities": capabilities,
  };
}

/**
 * Requests sent past the SDK client, on the client's own connection, for answers the client
 * cannot take: a 2026-07-28 task handle (`resultType: "task"`) and the task methods (the host's
 * `typemcp call --task`, `typemcp/testing`'s task helpers). The transport hands each message to
 * `take` before the client sees it; `take` keeps the answers to these requests (their string ids,
 * under `prefix`, never meet the SDK's numeric ones) and lets everything else through.
 */
export class RawRequests {
  private readonly pending = new Map<string, { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  private next = 0;

  constructor(
    private readonly transport: RawChannel,
    private readonly prefix = "typemcp-host-",
  ) {}

  /** Whether `message` answered one of these requests (then it is settled here, and the client never sees it). */
  take(message: object): boolean {
    const id = (message as { id?: unknown }).id;
    const waiting = typeof id === "string" && id.startsWith(this.prefix) ? this.pending.get(id) : undefined;
    if (waiting === undefined || "method" in message) return false;
    this.pending.delete(id as string);
    const { result, error } = message as { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } };
    if (error) waiting.reject(Object.assign(new Error(`MCP error ${error.code}: ${error.message}`), { code: error.code, data: error.data }));
    else waiting.resolve(result ?? {});
    return true;
  }

  /**
   * Sends `method` with `params` and resolves with its result; a JSON-RPC error, a failed send or
   * (when given) `timeoutMs` without an answer rejects.
   */
  request(method: string, params: Record<string, unknown>, timeoutMs?: number): Promise<Record<string, unknown>> {
    const id = `${this.prefix}${this.next++}`;
    return new Promise((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.pending.delete(id);
              reject(new Error(`${method} got no answer within ${timeoutMs} ms`));
            }, timeoutMs);
      const settle =
        <T>(then: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          then(value);
        };
      this.pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      this.transport.send({ jsonrpc: "2.0", id, method, params }).catch((error: unknown) => {
        this.pending.delete(id);
        settle(reject)(error as Error);
      });
    });
  }
}
