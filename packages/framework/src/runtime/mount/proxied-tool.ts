import { ToolError } from "../../errors/tool-error.js";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import type { Context } from "../context.js";
import { RegisteredTool } from "../components/registered-tool.js";
import { RequestContext } from "../calls/request-context.js";
import type { CallToolResult, WireTool } from "../sdk/sdk.js";
import { toErrorResult } from "../calls/to-call-result.js";
import type { RemoteCatalog } from "./remote-catalog.js";
import { forwardQuestions, type RemoteQuestions } from "./forward-questions.js";
import { callRemoteTask, taskPlan } from "./remote-task.js";
import { changesServed } from "./changes-served.js";

/**
 * A connected MCP server whose tools a typemcp server can serve as its own, under a prefix:
 * exactly what `connectServer()` from `typemcp/host` returns (over stdio or HTTP). Listed with
 * `{ proxy: true }`, its resources, templates and prompts are served too.
 */
export interface RemoteServer extends RemoteCatalog {
  /** Its tools as it listed them. */
  readonly tools: readonly RemoteTool[];
  /**
   * Calls one of its tools; rejects when the server answers with a JSON-RPC error or is gone.
   * Aborting `signal` cancels the call there; `onprogress` and `onlog` hear what it reports meanwhile.
   */
  call(tool: string, args: Record<string, unknown>, options?: RemoteCallOptions): Promise<unknown>;
  /**
   * Calls one of its tools as a task there and waits for its result; aborting `signal` cancels
   * that task. Rejects as `call` does, and when the task fails or is cancelled.
   */
  callAsTask?(
    tool: string,
    args: Record<string, unknown>,
    timeoutMs: number,
    onStatus?: (task: { status: string; statusMessage?: string }) => void,
    signal?: AbortSignal,
  ): Promise<unknown>;
  /** Lists its tools again when it said they changed (then `tools` holds the new list); rejects as `call` does. */
  refreshTools?(): Promise<boolean>;
}

/** One tool of a remote server's `tools/list`, as a gateway serves it. */
export interface RemoteTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: object;
  outputSchema?: object;
  annotations?: object;
  /** Its `_meta`: an MCP Apps view (`ui.resourceUri`) is served under the gateway's URI for it. */
  _meta?: Record<string, unknown>;
  /** Whether it runs as a task (2025-11-25 `execution.taskSupport`): the gateway serves it as one. */
  execution?: { taskSupport?: string };
}

/** What a proxied call passes on from the caller to the remote server, and back. */
export interface RemoteCallOptions extends RemoteQuestions {
  signal?: AbortSignal;
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
  onlog?: (message: { level: string; logger?: string; data: unknown }) => void;
}

/** Whether `part` is a connected remote server rather than an instance with decorated methods. */
export function isRemoteServer(part: object): part is RemoteServer {
  return Array.isArray((part as Partial<RemoteServer>).tools) && typeof (part as Partial<RemoteServer>).call === "function";
}

/**
 * A remote server's tool served under a new name: listed with the remote definition, called by
 * forwarding the arguments as they came (the remote server checks them against its own schema).
 */
export class ProxiedTool extends RegisteredTool {
  constructor(
    name: string,
    private readonly remote: RemoteServer,
    private readonly remoteName: string,
    definition: RemoteTool,
    meta?: Record<string, unknown>,
  ) {
    super(
      name,
      () => undefined,
      remote,
      {
        method: remoteName,
        inputSchema: definition.inputSchema as JsonSchema,
        ...(definition.outputSchema === undefined ? {} : { outputSchema: definition.outputSchema as JsonSchema }),
        params: [],
        result: "object",
        ...taskPlan(definition),
      },
      {
        ...(definition.title === undefined ? {} : { title: definition.title }),
        ...(definition.description === undefined ? {} : { description: definition.description }),
        ...(definition.annotations === undefined ? {} : { annotations: definition.annotations }),
      },
    );
    // The remote definition's `_meta` (a view, under the URI this server serves it at) is listed as it came.
    if (meta) (this as { wire: WireTool }).wire = { ...this.wire, _meta: meta };
  }

  // A failure to reach the remote server is the call's failure, for the model to read: the
  // gateway itself answered.
  override async call(args: Record<string, unknown> | undefined, context?: () => Context, how?: { asTask?: boolean }): Promise<CallToolResult> {
    const ctx = context?.();
    if (how?.asTask && this.remote.callAsTask) return callRemoteTask(this.name, this.remote, this.remoteName, args ?? {}, ctx);
    const questions = ctx && forwardQuestions(ctx);
    try {
      // The caller's cancellation, the remote server's progress and log messages, and its
      // questions pass through: the gateway's client sees the remote call as it would a tool of its own.
      const options: RemoteCallOptions = ctx
        ? {
            signal: questions!.signal,
            onprogress: (p) => void ctx.progress(p.progress, p.total, p.message),
            ...(ctx instanceof RequestContext ? { onlog: (message) => ctx.relayLog(message) } : {}),
            ...questions!.answers,
          }
        : {};
      const result = withoutEnvelope((await this.remote.call(this.remoteName, args ?? {}, options)) as CallToolResult);
      // A list change the remote server announced during the call is served before it answers,
      // so its caller lists what the call changed.
      await changesServed(this.remote);
      const needed = questions?.needed();
      if (needed) throw needed;
      return result;
    } catch (error) {
      // A question for a 2026-07-28 caller: the call is answered with an input-required result.
      const needed = questions?.needed();
      if (needed) throw needed;
      const message = error instanceof Error ? error.message : String(error);
      return toErrorResult(new ToolError(`Tool "${this.name}" is served by another MCP server, which failed: ${message}`, { cause: error }));
    }
  }
}

// The protocol's own keys in a result's _meta (2026-07-28: the server's name, among others) speak
// for the remote server; the gateway answers, and its SDK adds its own.
function withoutEnvelope(result: CallToolResult): CallToolResult {
  const meta = result._meta as Record<string, unknown> | undefined;
  if (meta === undefined || !Object.keys(meta).some((key) => key.startsWith(RESERVED_META))) return result;
  const kept = Object.fromEntries(Object.entries(meta).filter(([key]) => !key.startsWith(RESERVED_META)));
  const { _meta: _, ...rest } = result;
  return (Object.keys(kept).length > 0 ? { ...rest, _meta: kept } : rest) as CallToolResult;
}
const RESERVED_META = "io.modelcontextprotocol/";
