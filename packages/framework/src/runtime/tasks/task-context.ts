import { ToolError } from "../../errors/tool-error.js";
import type { AskOptions, ClientAbilities, Context, ContextLog, ElicitResult, ResourceContents, Root, SamplingRequest, SamplingResult } from "../context.js";
import { toElicitArguments } from "../rounds/elicit-arguments.js";
import type { ClientRequestMethod, InputRound } from "../rounds/input-round.js";
import type { AuthInfo } from "../identity/auth-info.js";
import type { CallerIdentity } from "../identity/caller-identity.js";

/** What one run of a task gives the method it runs. */
export interface TaskRun {
  readonly taskId: string;
  /** Who the task belongs to, as its store keys it. */
  readonly owner: string | undefined;
  /** Its signal fires when the task is cancelled (through any instance); made only if the method reads it. */
  readonly controller: AbortController;
  /** 2026-07-28: the answers known so far; undefined for a 2025-11-25 task, which cannot ask. */
  readonly round: InputRound | undefined;
  /** What the client that started the task declared it can do. */
  readonly client: ClientAbilities;
  /** Who started the task, from its request's verified token; undefined when none was verified. */
  readonly auth?: AuthInfo | undefined;
  /** Who started the task (see `CallerIdentity`). */
  readonly caller: CallerIdentity;
  /** What the run reaches of its runner: one object every run shares, not functions of its own. */
  readonly host: TaskHost;
}

/** The runner's side of every run's context. */
export interface TaskHost {
  /** Shows `message` as the task's status message. */
  report(taskId: string, owner: string | undefined, message: string): Promise<void>;
  readResource(uri: string, ctx: Context): Promise<ResourceContents[]>;
}

// The Tasks extension sends no log messages for a task: there is no request stream to carry them.
const SILENT: ContextLog = { debug: () => undefined, info: () => undefined, warning: () => undefined, error: () => undefined };

/**
 * The `Context` a tool method gets while it runs as a task. Progress becomes the task's status
 * message (what `tasks/get` shows); a question parks the task in `input_required` until the
 * client answers with `tasks/update`, and the method then runs again from the start with each
 * answer so far, as for a 2026-07-28 input round.
 */
export class TaskContext implements Context {
  readonly log = SILENT;

  constructor(private readonly run: TaskRun) {}

  get signal(): AbortSignal {
    return this.run.controller.signal;
  }

  /** The task's id: a task outlives the request that started it. */
  get requestId(): string {
    return this.run.taskId;
  }

  get client(): ClientAbilities {
    return this.run.client;
  }

  get auth(): AuthInfo | undefined {
    return this.run.auth;
  }

  get caller(): CallerIdentity {
    return this.run.caller;
  }

  async progress(done: number, total?: number, message?: string): Promise<void> {
    if (this.run.controller.signal.aborted) return;
    const count = total === undefined ? `${done}` : `${done}/${total}`;
    await this.run.host.report(this.run.taskId, this.run.owner, message === undefined ? count : `${message} (${count})`);
  }

  readResource(uri: string): Promise<ResourceContents[]> {
    return this.run.host.readResource(uri, this);
  }

  async elicit<T>(message: string, schemaOrOptions?: Record<string, unknown> | AskOptions, askOptions?: AskOptions): Promise<ElicitResult<T>> {
    const { requestedSchema, options } = toElicitArguments(schemaOrOptions, askOptions);
    this.refuseWithout(this.run.client.elicitation, "ask its user for input (it did not declare the elicitation capability)");
    return this.ask("elicitation/create", { message, requestedSchema }, options) as unknown as ElicitResult<T>;
  }

  async sample(request: SamplingRequest | string, options: AskOptions = {}): Promise<SamplingResult> {
    this.refuseWithout(this.run.client.sampling, "run its model for this server (it did not declare the sampling capability)");
    const params = typeof request === "string" ? { messages: [{ role: "user", content: { type: "text", text: request } }], maxTokens: 1000 } : request;
    return this.ask("sampling/createMessage", params as unknown as Record<string, unknown>, options) as unknown as SamplingResult;
  }

  async roots(options: AskOptions = {}): Promise<Root[]> {
    this.refuseWithout(this.run.client.roots, "share its roots (it did not declare the roots capability)");
    return (this.ask("roots/list", {}, options) as { roots?: Root[] }).roots ?? [];
  }

  private ask(method: ClientRequestMethod, params: Record<string, unknown>, options: AskOptions): Record<string, unknown> {
    if (!this.run.round) {
      throw new ToolError(
        "This tool runs as a task started with protocol 2025-11-25, where a task cannot ask its client for input. Call the tool without a task, or connect with protocol 2026-07-28.",
      );
    }
    return this.run.round.ask(method, params, options.key);
  }

  private refuseWithout(declared: boolean, what: string): void {
    if (!declared) throw new ToolError(`This client cannot ${what}.`);
  }
}
