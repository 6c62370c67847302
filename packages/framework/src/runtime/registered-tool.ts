import type { GeneratedTool, ParameterPlan, ToolOptions } from "../tool-definition.js";
import { ToolError } from "../errors/tool-error.js";
import { toToolError } from "../errors/to-tool-error.js";
import { ArgumentValidator, loadValidators, validatorsLoaded } from "./argument-validator.js";
import { OutputContract } from "./output-contract.js";
import { reviveValues } from "./revive-values.js";
import { DEFAULT_MAX_STRING_LENGTH, findOverlongStrings } from "./string-limits.js";
import { toCallResult, toErrorResult } from "./to-call-result.js";
import type { CallToolResult, WireTool } from "./sdk.js";
import { InputNeeded } from "./input-round.js";
import type { Context } from "./context.js";
import { ToolContent } from "../content/tool-content.js";

/** One tool ready to serve: its wire definition, computed once, and how to call it. */
export class RegisteredTool {
  /** Exactly what `tools/list` sends for this tool. */
  readonly wire: WireTool;
  private readonly validator: ArgumentValidator;
  private readonly output: OutputContract;
  // Most tools take no Context: build one only for those that do.
  private readonly takesContext: boolean;

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
    const description = options.description ?? generated.description;
    const title = options.title ?? options.annotations?.title;
    this.wire = {
      name,
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      inputSchema: generated.inputSchema as WireTool["inputSchema"],
      ...(generated.outputSchema === undefined ? {} : { outputSchema: generated.outputSchema as WireTool["outputSchema"] }),
      ...(options.annotations === undefined ? {} : { annotations: options.annotations }),
    };
  }

  /** The registry key: the tool's name. */
  get key(): string {
    return this.name;
  }

  /** Validates `args`, calls the method and converts what it returns or throws. Rejects only with `InputNeeded` (2026-07-28: the method asked the client for input). */
  async call(args: Record<string, unknown> | undefined, context?: () => Context): Promise<CallToolResult> {
    const input = args ?? {};
    // Lengths first: a megabyte string must not reach a pattern, a format check or the method.
    const overlong = findOverlongStrings(input, this.generated.inputSchema, this.maxStringLength);
    if (!validatorsLoaded()) await loadValidators();
    const problems = overlong.length ? overlong : this.validator.check(input);
    if (problems.length > 0) {
      const message = `Invalid arguments for tool "${this.name}":\n${problems.map((p) => `- ${p}`).join("\n")}`;
      return toErrorResult(new ToolError(message, { code: "INVALID_ARGUMENTS" }));
    }
    let value: unknown;
    try {
      value = await this.method.apply(this.instance, toPositional(this.generated.params, input, this.takesContext ? context?.() : undefined));
    } catch (thrown) {
      // A question for the client (2026-07-28): the call is answered with an input-required result.
      if (thrown instanceof InputNeeded) throw thrown;
      const error = toToolError(thrown);
      if (error.code === "INTERNAL_TOOL_ERROR") logUnexpected(this.name, thrown);
      return toErrorResult(error);
    }
    if (value instanceof ToolContent) return toCallResult(value, this.generated.result);
    try {
      return toCallResult(this.output.toWire(value), this.generated.result);
    } catch (thrown) {
      // A result that breaks the tool's own contract is a bug in the tool: tell its owner too.
      const error = toToolError(thrown);
      process.stderr.write(`[typemcp] ${error.message}\n`);
      return toErrorResult(error);
    }
  }
}

function toPositional(plan: readonly ParameterPlan[], args: Record<string, unknown>, ctx: Context | undefined): unknown[] {
  return plan.map((param) => {
    if (param.from === "none") return undefined;
    if (param.from === "context") return ctx;
    const value = param.from === "arguments" ? args : args[param.name];
    return param.revive ? reviveValues(value, param.revive, param.reviveDefs) : value;
  });
}

// An unexpected exception is a bug in the tool: the model gets the message, the owner the stack.
function logUnexpected(tool: string, thrown: unknown): void {
  const detail = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
  process.stderr.write(`[typemcp] tool "${tool}" threw an unexpected error:\n${detail}\n`);
}
