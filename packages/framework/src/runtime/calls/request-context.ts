import { ToolError } from "../../errors/tool-error.js";
import { statelessReason } from "../stateless-reason.js";
import type {
  AskOptions,
  ClientAbilities,
  Context,
  ContextLog,
  ElicitResult,
  LogLevel,
  ResourceContents,
  Root,
  SamplingRequest,
  SamplingResult,
} from "../context.js";
import { toElicitArguments } from "../rounds/elicit-arguments.js";
import type { ClientRequestMethod } from "../rounds/input-round.js";
import type { AuthInfo } from "../identity/auth-info.js";
import type { CallerIdentity } from "../identity/caller-identity.js";
import type { RequestExtra } from "../sdk/sdk.js";

const LEVELS: readonly LogLevel[] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];

/** What a session knows that a request's context needs. */
export interface SessionState {
  /** The lowest level the client wants, from `logging/setLevel`; undefined sends everything. */
  logLevel: LogLevel | undefined;
  readonly readResource: (uri: string, ctx: Context) => Promise<ResourceContents[]>;
  /** Where the messages come from, in `notifications/message`'s `logger`. */
  readonly logger: string;
  /** Served over stateless HTTP: in the 2025 era no session, so nothing to send a request to the client on. */
  readonly stateless?: boolean;
}

/** The `Context` one request's method receives. */
export class RequestContext implements Context {
  readonly log: ContextLog;

  constructor(
    private readonly extra: RequestExtra,
    private readonly session: SessionState,
  ) {
    const send = (level: LogLevel) => (message: string, data?: unknown) => this.sendLog(level, message, data);
    this.log = { debug: send("debug"), info: send("info"), warning: send("warning"), error: send("error") };
  }

  get signal(): AbortSignal {
    return this.extra.signal;
  }

  get requestId(): string | number {
    return this.extra.requestId;
  }

  get auth(): AuthInfo | undefined {
    return this.extra.auth;
  }

  get caller(): CallerIdentity {
    return this.extra.caller;
  }

  async progress(done: number, total?: number, message?: string): Promise<void> {
    const token = this.extra.progressToken;
    if (token === undefined || this.extra.signal.aborted) return;
    // Progress is a courtesy to the client: a report that cannot be sent (a stream gone, a store
    // lost) must not abort the work it reports on. The call's own answer still goes out.
    await this.extra
      .notify("notifications/progress", {
        progressToken: token,
        progress: done,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      })
      .catch(() => undefined);
  }

  readResource(uri: string): Promise<ResourceContents[]> {
    return this.session.readResource(uri, this);
  }

  get client(): ClientAbilities {
    const declared = this.extra.clientCapabilities;
    return { elicitation: !!declared?.elicitation, sampling: !!declared?.sampling, roots: !!declared?.roots };
  }

  async elicit<T>(message: string, schemaOrOptions?: Record<string, unknown> | AskOptions, askOptions?: AskOptions): Promise<ElicitResult<T>> {
    const { requestedSchema, options } = toElicitArguments(schemaOrOptions, askOptions);
    this.refuseStateless("ask the user for input (elicitation)");
    // 2026-07-28: the SDK answers a question the client cannot take with -32021, naming the capability.
    if (!this.extra.input && !this.extra.clientCapabilities?.elicitation) {
      throw new ToolError("This client cannot ask its user for input (it did not declare the elicitation capability).");
    }
    return (await this.ask("elicitation/create", { message, requestedSchema }, options)) as unknown as ElicitResult<T>;
  }

  async sample(request: SamplingRequest | string, options: AskOptions = {}): Promise<SamplingResult> {
    this.refuseStateless("run the client's model (sampling)");
    if (!this.extra.input && !this.extra.clientCapabilities?.sampling) {
      throw new ToolError("This client cannot run its model for this server (it did not declare the sampling capability).");
    }
    const params: SamplingRequest =
      typeof request === "string" ? { messages: [{ role: "user", content: { type: "text", text: request } }], maxTokens: 1000 } : request;
    return (await this.ask("sampling/createMessage", params as unknown as Record<string, unknown>, options)) as unknown as SamplingResult;
  }

  async roots(options: AskOptions = {}): Promise<Root[]> {
    this.refuseStateless("list the client's roots");
    if (!this.extra.input && !this.extra.clientCapabilities?.roots) {
      throw new ToolError("This client shares no roots with this server (it did not declare the roots capability).");
    }
    const result = (await this.ask("roots/list", {}, options)) as { roots?: Root[] };
    return result.roots ?? [];
  }

  // 2025-11-25: a request to the client on this request's own stream. 2026-07-28: there is no
  // such request; the method is run again from the start with each answer so far replayed in
  // order, and the first question without an answer ends this round with an input-required result.
  private async ask(method: ClientRequestMethod, params: Record<string, unknown>, options: AskOptions): Promise<Record<string, unknown>> {
    if (this.extra.input) return this.extra.input.ask(method, params, options.key);
    return this.extra.request(method, params);
  }

  // The client may well support it; it is this server's mode that cannot carry the request.
  private refuseStateless(what: string): void {
    if (!this.session.stateless || this.extra.era === "2026-07-28") return;
    throw new ToolError(
      `This server runs over stateless HTTP (${statelessReason().why}), which keeps no session to send a request to the client on in protocol 2025-11-25, so a tool cannot ${what} for this client. Connect with protocol 2026-07-28 (which asks through input-required results), or ${statelessReason().remedy}.`,
    );
  }

  /**
   * Passes on a log message another MCP server sent while it ran this request's call (a mounted
   * remote server), as it sent it, under the same level rules as the request's own messages.
   */
  relayLog(message: { level: string; logger?: string; data: unknown }): void {
    if (!LEVELS.includes(message.level as LogLevel)) return;
    this.notifyLog(message.level as LogLevel, message.logger ?? this.session.logger, message.data);
  }

  private sendLog(level: LogLevel, message: string, data: unknown): void {
    this.notifyLog(level, this.session.logger, data === undefined ? message : { message, data });
  }

  private notifyLog(level: LogLevel, logger: string, payload: unknown): void {
    // 2026-07-28: a request that names no log level in its _meta gets no log messages.
    if (this.extra.era === "2026-07-28" && this.extra.logLevel === undefined) return;
    const floor = this.extra.era === "2026-07-28" ? this.extra.logLevel : this.session.logLevel;
    if (floor !== undefined && LEVELS.indexOf(level) < LEVELS.indexOf(floor)) return;
    // A log line must never fail the call it describes.
    this.extra.notify("notifications/message", { level, logger, data: payload }).catch(() => undefined);
  }
}
