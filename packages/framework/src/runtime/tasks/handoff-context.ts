import type { AuthInfo } from "../identity/auth-info.js";
import type { CallerIdentity } from "../identity/caller-identity.js";
import type { AskOptions, ClientAbilities, Context, ContextLog, ElicitResult, ResourceContents, Root, SamplingRequest, SamplingResult } from "../context.js";

/**
 * The `Context` of a call that starts in its request and may become a task while it runs
 * (`@tool({ task: { startAfterMs } })`): until then it is the request's context (progress on the
 * request, questions as input rounds of the request); from `handOff` on, the task's. Its signal
 * is its own, so that the end of the request stops the call only before the hand-off.
 */
export class HandoffContext implements Context {
  private current: Context;
  /** The caller stays who started the call, whichever context carries it on. */
  readonly auth: AuthInfo | undefined;
  readonly caller: CallerIdentity;

  constructor(
    request: Context,
    readonly signal: AbortSignal,
  ) {
    this.current = request;
    this.auth = request.auth;
    this.caller = request.caller;
  }

  /** From now on the call runs as the task `task` is the context of. */
  handOff(task: Context): void {
    this.current = task;
  }

  get log(): ContextLog {
    return this.current.log;
  }

  get requestId(): string | number {
    return this.current.requestId;
  }

  get client(): ClientAbilities {
    return this.current.client;
  }

  progress(done: number, total?: number, message?: string): Promise<void> {
    return this.current.progress(done, total, message);
  }

  readResource(uri: string): Promise<ResourceContents[]> {
    return this.current.readResource(uri);
  }

  elicit<T>(message: string, schemaOrOptions?: Record<string, unknown> | AskOptions, options?: AskOptions): Promise<ElicitResult<T>> {
    // Passed on as given (either overload): the context it hands to sorts the arguments out.
    const elicit = this.current.elicit as (
      message: string,
      schemaOrOptions?: Record<string, unknown> | AskOptions,
      options?: AskOptions,
    ) => Promise<ElicitResult<T>>;
    return elicit.call(this.current, message, schemaOrOptions, options);
  }

  sample(request: SamplingRequest | string, options?: AskOptions): Promise<SamplingResult> {
    return this.current.sample(request, options);
  }

  roots(options?: AskOptions): Promise<Root[]> {
    return this.current.roots(options);
  }
}
