import type { GeneratedTool, ToolOptions } from "../tool-definition.js";
import { recordTool } from "./tool-records.js";

type LegacyDescriptor = { value?: unknown };
type MethodContext = { kind: string; name: string | symbol; static?: boolean };

/**
 * Marks a method as an MCP tool. `typemcp build` derives its input schema from the parameter
 * types, its description from the JSDoc summary and `@param` tags, and its output schema from
 * the return type. Works with TC39 decorators and with `experimentalDecorators`.
 *
 * @typemcpDecorator tool
 * @param options Overrides for what the build derives: name, title, description, annotations.
 * @param generated Written by `typemcp build`; never pass it yourself.
 * @example
 * ```ts
 * class Calculator {
 *   /** Add two numbers. @param a First addend. @param b Second addend. *\/
 *   @tool() add(a: number, b: number): number {
 *     return a + b;
 *   }
 * }
 * ```
 */
export function tool(options: ToolOptions = {}, generated?: GeneratedTool) {
  return function decorate(target: unknown, contextOrKey: unknown, descriptor?: LegacyDescriptor): void {
    if (isMethodContext(contextOrKey)) {
      // TC39: (method, context)
      assertInstanceMethod(contextOrKey.kind === "method" && !contextOrKey.static, String(contextOrKey.name));
      recordTool(target as Function, { key: String(contextOrKey.name), options, generated });
      return;
    }
    // experimentalDecorators: (prototype, key, descriptor)
    const key = String(contextOrKey);
    assertInstanceMethod(typeof descriptor?.value === "function" && typeof target !== "function", key);
    recordTool(descriptor!.value as Function, { key, options, generated });
  };
}

function isMethodContext(value: unknown): value is MethodContext {
  return typeof value === "object" && value !== null && "kind" in value;
}

function assertInstanceMethod(ok: boolean, name: string): void {
  if (!ok) throw new TypeError(`@tool() applies to instance methods only; "${name}" is not one.`);
}
