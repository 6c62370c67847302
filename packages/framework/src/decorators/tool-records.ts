import type { GeneratedTool, ToolOptions } from "../tool-definition.js";

/** What `@tool` recorded about one method. */
export interface ToolRecord {
  /** The property key the method was declared under. */
  readonly key: string;
  readonly options: ToolOptions;
  /** Undefined when the class was compiled without `typemcp build`. */
  readonly generated: GeneratedTool | undefined;
}

// Keyed by the method function itself: both decorator conventions hand us that function, and
// the runtime finds it again by walking the instance's prototype chain. No class reference or
// Symbol.metadata is needed, so TC39 decorators work on Node 20 unchanged.
const records = new WeakMap<Function, ToolRecord>();

/** Remembers that `method` is a tool. */
export function recordTool(method: Function, record: ToolRecord): void {
  records.set(method, record);
}

/** What `@tool` recorded for `method`, if it is one. */
export function getToolRecord(method: unknown): ToolRecord | undefined {
  return typeof method === "function" ? records.get(method) : undefined;
}
