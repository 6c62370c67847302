import type { GeneratedPrompt, PromptOptions } from "../definitions/prompt-definition.js";
import { assertFactoryCall } from "./assert-factory-call.js";
import { createMethodDecorator } from "./component-records.js";
import type { MethodDecorator } from "./method-decorator.js";

/**
 * Marks a method as an MCP prompt. Its parameters become the prompt's arguments (described by
 * `@param`, required unless optional or defaulted); it returns the prompt text, or a list of
 * messages `{ role, content }`.
 *
 * @typemcpDecorator prompt
 * @param options Name, title, description and completions per argument.
 * @example
 * ```ts
 * // JSDoc: Compare towns for a family. @param towns Comma-separated town names.
 * @prompt() compareForFamily(towns: string): string {
 *   return `Compare ${towns} for a family with children...`;
 * }
 * ```
 */
export function prompt(options?: PromptOptions): MethodDecorator;
// `typemcp build` writes the derived definition in as one more argument; the public signature
// above keeps it out of an author's sight.
export function prompt(options: PromptOptions = {}, generated?: GeneratedPrompt): MethodDecorator {
  assertFactoryCall("prompt", options, generated);
  return createMethodDecorator((key) => ({ kind: "prompt", key, options, generated }), "prompt");
}
