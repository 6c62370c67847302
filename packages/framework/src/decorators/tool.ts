import type { GeneratedTool, ToolOptions } from "../definitions/tool-definition.js";
import { assertFactoryCall } from "./assert-factory-call.js";
import { createMethodDecorator } from "./component-records.js";
import type { MethodDecorator } from "./method-decorator.js";

/**
 * Marks a method as an MCP tool. `typemcp build` derives its input schema from the parameter
 * types, its description from the JSDoc summary and `@param` tags, and its output schema from
 * the return type. Works with TC39 decorators and with `experimentalDecorators`.
 *
 * @typemcpDecorator tool
 * @param options Overrides for what the build derives: name, title, description, annotations.
 * @example
 * ```ts
 * class Calculator {
 *   // JSDoc: Add two numbers. @param a First addend. @param b Second addend.
 *   @tool() add(a: number, b: number): number {
 *     return a + b;
 *   }
 * }
 * ```
 */
export function tool(options?: ToolOptions): MethodDecorator;
// `typemcp build` writes the derived definition in as one more argument; the public signature
// above keeps it out of an author's sight.
export function tool(options: ToolOptions = {}, generated?: GeneratedTool): MethodDecorator {
  assertFactoryCall("tool", options, generated);
  return createMethodDecorator((key) => ({ kind: "tool", key, options, generated }), "tool");
}
