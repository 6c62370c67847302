import { ToolError } from "../errors/tool-error.js";
import type { Context, ContextLog, ElicitResult, LogLevel, ResourceContents, SamplingRequest, SamplingResult } from "./context.js";
import type { RequestExtra } from "./sdk.js";

const LEVELS: readonly LogLevel[] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];

/** What a session knows that a request's context needs. */
export interface SessionState {
  /** The lowest level the client wants, from `logging/setLevel`; undefined sends everything. */
  logLevel: LogLevel | undefined;
  readonly readResource: (uri: string, ctx: Context) => Promise<ResourceContents[]>;
  readonly clientCapabilities: () => { sampling?: unknown; elicitation?: unknown } | undefined;
  /** Where the messages come from, in `notifications/message`'s `logger`. */
  readonly logger: string;
  /** Served over stateless HTTP: no session, so nothing to send a request to the client on. */
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

  async progress(done: number, total?: number, message?: string): Promise<void> {
    const token = this.extra.progressToken;
    if (token === undefined || this.extra.signal.aborted) return;
    await this.extra.notify("notifications/progress", {
      progressToken: token,
      progress: done,
      ...(total === undefined ? {} : { total }),
      ...(message === undefined ? {} : { message }),
    });
  }

  readResource(uri: string): Promise<ResourceContents[]> {
    return this.session.readResource(uri, this);
  }

  async elicit<T>(message: string, requestedSchema: Record<string, unknown>): Promise<ElicitResult<T>> {
    this.refuseStateless("ask the user for input (elicitation)");
    if (!this.session.clientCapabilities()?.elicitation) {
      throw new ToolError("This client cannot ask its user for input (it did not declare the elicitation capability).");
    }
    return (await this.extra.request("elicitation/create", { message, requestedSchema })) as unknown as ElicitResult<T>;
  }

  async sample(request: SamplingRequest | string): Promise<SamplingResult> {
    this.refuseStateless("run the client's model (sampling)");
    if (!this.session.clientCapabilities()?.sampling) {
      throw new ToolError("This client cannot run its model for this server (it did not declare the sampling capability).");
    }
    const params: SamplingRequest =
      typeof request === "string" ? { messages: [{ role: "user", content: { type: "text", text: request } }], maxTokens: 1000 } : request;
    return (await this.extra.request("sampling/createMessage", params as unknown as Record<string, unknown>)) as unknown as SamplingResult;
  }

  // The client may well support it; it is this server's mode that cannot carry the request.
  private refuseStateless(what: string): void {
    if (!this.session.stateless) return;
    throw new ToolError(
      `This server runs over stateless HTTP (--stateless), which keeps no session to send a request to the client on, so a tool cannot ${what} here. Run the server with sessions (without --stateless) to use it.`,
    );
  }

  private sendLog(level: LogLevel, message: string, data: unknown): void {
    const floor = this.session.logLevel;
    if (floor !== undefined && LEVELS.indexOf(level) < LEVELS.indexOf(floor)) return;
    const payload = data === undefined ? message : { message, data };
    // A log line must never fail the call it describes.
    this.extra.notify("notifications/message", { level, logger: this.session.logger, data: payload }).catch(() => undefined);
  }
}
