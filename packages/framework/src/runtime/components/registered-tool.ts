import type { GeneratedTool, ToolOptions } from "../../definitions/tool-definition.js";
import { ToolError } from "../../errors/tool-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { toToolError } from "../../errors/to-tool-error.js";
import { ArgumentValidator, loadValidators, validatorsLoaded } from "../validation/argument-validator.js";
import { OutputContract } from "../calls/output-contract.js";
import { DEFAULT_MAX_STRING_LENGTH, findOverlongStrings } from "../validation/string-limits.js";
import { toCallResult, toErrorResult } from "../calls/to-call-result.js";
import { toPositional } from "../calls/to-positional.js";
import type { CallToolResult, WireTool } from "../sdk/sdk.js";
import { InputNeeded } from "../rounds/input-round.js";
import type { Context } from "../context.js";
import { ToolContent } from "../../content/tool-content.js";
import type { Middleware } from "../middleware/middleware.js";
import { markUnexpected } from "../calls/unexpected-error.js";

/** One tool ready to serve: its wire definition, computed once, and how to call it. */
export class RegisteredTool {
  /** Exactly what `tools/list` sends for this tool. */
  readonly wire: WireTool;
  /** OAuth scopes a caller needs to call it (`@tool({ scopes })`). */
  readonly scopes: readonly string[];
  private readonly validator: ArgumentValidator;
  private readonly output: OutputContract;
  // Most tools take no Context: build one only for those that do.
  private readonly takesContext: boolean;
  /** The `onToolCall` middleware around this tool, outermost first (server-wide, class, method); most tools have none. */
  middleware: readonly Middleware[] = [];

  constructor(
    readonly name: string,
    private readonly method: Function,
    private readonly instance: object,
    readonly generated: GeneratedTool,
    options: ToolOptions,
    private readonly maxStringLength = DEFAULT_MAX_STRING_LENGTH,
  ) {
    this.validator = new ArgumentValidator(generated.inputSchema);
    this.output = new OutputContract(name, generated.result, generated.outputSchema);
    this.takesContext = generated.params.some((p) => p.from === "context");
    this.scopes = options.scopes ?? [];
    const description = options.description ?? generated.description;
    const title = options.title ?? options.annotations?.title;
    this.wire = {
      name,
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      inputSchema: generated.inputSchema as WireTool["inputSchema"],
      ...(generated.outputSchema === undefined ? {} : { outputSchema: generated.outputSchema as WireTool["outputSchema"] }),
      ...(options.annotations === undefined ? {} : { annotations: options.annotations }),
      // 2025-11-25 tool-level task negotiation; the SDK leaves it out of 2026-07-28 lists.
      ...(generated.task ? { execution: { taskSupport: generated.task.support } } : {}),
    } as WireTool;
  }

  /** What serves it: the instance its method is called on, a remote server, or the tool a transform wraps. */
  get servedBy(): object {
    return this.instance;
  }

  /** The registry key: the tool's name. */
  get key(): string {
    return this.name;
  }

  /**
   * Validates `args`, calls the method and converts what it returns or throws. Rejects only with
   * `InputNeeded` (2026-07-28: the method asked the client for input), and, for a task run
   * (`asTask`), with a `ProtocolError` the method threw: a task then fails with that JSON-RPC error.
   */
  call(args: Record<string, unknown> | undefined, context?: () => Context, options: { asTask?: boolean } = {}): Promise<CallToolResult> {
    // Not an async function: an async method's promise gets one reaction here, where an async
    // function and its await would add two more promises per call (each also tracked by a
    // context manager's hooks when an OpenTelemetry SDK is registered).
    // No closure in here: one that captured the arguments would make V8 keep this call's scope
    // (arguments, context, options) for as long as the method runs, a task's whole run.
    try {
      if (!validatorsLoaded()) return this.callOnceLoaded(args, context, options);
      const input = args ?? {};
      // Lengths first: a megabyte string must not reach a pattern, a format check or the method.
      const overlong = findOverlongStrings(input, this.generated.inputSchema, this.maxStringLength);
      const problems = overlong.length ? overlong : this.validator.check(input);
      if (problems.length > 0) {
        const message = `Invalid arguments for tool "${this.name}":\n${problems.map((p) => `- ${p}`).join("\n")}`;
        return Promise.resolve(toErrorResult(new ToolError(message, { code: "INVALID_ARGUMENTS" })));
      }
      let value: unknown;
      try {
        value = this.method.apply(this.instance, toPositional(this.generated.params, input, this.takesContext ? context?.() : undefined));
      } catch (thrown) {
        return Promise.resolve(this.failed(thrown, options));
      }
      if (isThenable(value)) return Promise.resolve(value).then(this.converted, options.asTask ? this.failedAsTask : this.failedInRequest);
      return Promise.resolve(this.converted(value));
    } catch (error) {
      // As an async function would: what is thrown here (a question for the client, a fault) is the rejection.
      return Promise.reject(error);
    }
  }

  // Loads the validators (the first call of all), then calls.
  private async callOnceLoaded(
    args: Record<string, unknown> | undefined,
    context: (() => Context) | undefined,
    options: { asTask?: boolean },
  ): Promise<CallToolResult> {
    await loadValidators();
    return this.call(args, context, options);
  }

  // One rejection handler per tool for each kind of call, not a closure per call.
  private readonly failedAsTask = (thrown: unknown): CallToolResult => this.failed(thrown, { asTask: true });
  private readonly failedInRequest = (thrown: unknown): CallToolResult => this.failed(thrown, {});

  // What the method threw, as the call's result; a question for the client (2026-07-28), and a
  // task's protocol error, are thrown on.
  private failed(thrown: unknown, options: { asTask?: boolean }): CallToolResult {
    if (thrown instanceof InputNeeded) throw thrown;
    if (options.asTask && thrown instanceof ProtocolError) throw thrown;
    const error = toToolError(thrown);
    if (error.code !== "INTERNAL_TOOL_ERROR") return toErrorResult(error);
    logUnexpected(this.name, thrown);
    return markUnexpected(toErrorResult(error), thrown);
  }

  // What the method returned, as the call's result.
  private readonly converted = (value: unknown): CallToolResult => {
    if (value instanceof ToolContent) return toCallResult(value, this.generated.result);
    try {
      return toCallResult(this.output.toWire(value), this.generated.result);
    } catch (thrown) {
      // A result that breaks the tool's own contract is a bug in the tool: tell its owner too.
      const error = toToolError(thrown);
      process.stderr.write(`[typemcp] ${error.message}\n`);
      return markUnexpected(toErrorResult(error), thrown);
    }
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === "function";
}

// An unexpected exception is a bug in the tool: the model gets the message, the owner the stack.
function logUnexpected(tool: string, thrown: unknown): void {
  const detail = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
  process.stderr.write(`[typemcp] tool "${tool}" threw an unexpected error:\n${detail}\n`);
}
