import type { CompletionSource } from "../../definitions/completion-definition.js";
import type { GeneratedPrompt, PromptOptions } from "../../definitions/prompt-definition.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { callMethod } from "../calls/call-method.js";
import type { Context } from "../context.js";
import { resolveCompletions, type CompletionAnswer, type CompletionContext } from "./resolve-completions.js";

/** A prompt as `prompts/list` sends it. */
export interface WirePrompt {
  name: string;
  title?: string;
  description?: string;
  arguments: Array<{ name: string; description?: string; required: boolean }>;
}

/** One message of a prompt, as a method may return it. */
export interface PromptMessageInput {
  role: "user" | "assistant";
  content: string | { type: string; [key: string]: unknown };
}

/** A `prompts/get` result. */
export interface PromptResult {
  description?: string;
  messages: Array<{ role: "user" | "assistant"; content: { type: string; [key: string]: unknown } }>;
}

/** One `@prompt` method ready to serve. */
export class RegisteredPrompt {
  readonly wire: WirePrompt;
  /** OAuth scopes a caller needs to get it (`@prompt({ scopes })`). */
  readonly scopes: readonly string[];

  constructor(
    readonly key: string,
    private readonly method: Function,
    readonly instance: object,
    readonly generated: GeneratedPrompt,
    readonly options: PromptOptions,
  ) {
    this.scopes = options.scopes ?? [];
    const description = options.description ?? generated.description;
    this.wire = {
      name: key,
      ...(options.title === undefined ? {} : { title: options.title }),
      ...(description === undefined ? {} : { description }),
      arguments: generated.arguments.map((a) => ({ ...a })),
    };
  }

  /** Where completion candidates for `argument` come from. */
  completionSource(argument: string): CompletionSource | undefined {
    return this.options.complete?.[argument];
  }

  /** Completion candidates for `argument` that start with `value`. */
  // `_context` (the other arguments' values) is for a prompt served by another server, which completes with it.
  complete(argument: string, value: string, _context?: CompletionContext): Promise<CompletionAnswer> {
    return resolveCompletions(value, this.completionSource(argument), this.generated.completions?.[argument], this.instance);
  }

  /** Renders the prompt; a missing required argument is a JSON-RPC invalid-params error. */
  async get(args: Record<string, string>, ctx: Context): Promise<PromptResult> {
    const missing = this.generated.arguments.filter((a) => a.required && (args[a.name] === undefined || args[a.name] === ""));
    if (missing.length) {
      const names = missing.map((a) => `"${a.name}"`).join(", ");
      throw new ProtocolError("INVALID_PARAMS", `Prompt "${this.key}" is missing required argument${missing.length > 1 ? "s" : ""} ${names}.`);
    }
    const known = new Set(this.generated.arguments.map((a) => a.name));
    const unknown = Object.keys(args).filter((name) => !known.has(name));
    if (unknown.length) {
      throw new ProtocolError(
        "INVALID_PARAMS",
        `Prompt "${this.key}" takes no argument ${unknown.map((n) => `"${n}"`).join(", ")}; it takes ${[...known].map((n) => `"${n}"`).join(", ") || "none"}.`,
      );
    }
    const value = await callMethod(this.method, this.instance, this.generated.params, args, ctx, `Prompt "${this.key}" failed`);
    return { ...(this.wire.description ? { description: this.wire.description } : {}), messages: toMessages(value) };
  }
}

function toMessages(value: unknown): PromptResult["messages"] {
  const list = typeof value === "string" ? [{ role: "user" as const, content: value }] : (value as PromptMessageInput[]);
  return list.map((m) => ({ role: m.role, content: typeof m.content === "string" ? { type: "text", text: m.content } : m.content }));
}
