import type { GeneratedResource, ResourceOptions } from "../definitions/resource-definition.js";
import type { GeneratedPrompt, PromptOptions } from "../definitions/prompt-definition.js";
import type { GeneratedTool, ToolOptions } from "../definitions/tool-definition.js";
import type { MethodDecorator } from "./method-decorator.js";

/** What a typemcp decorator recorded about one method: the component (tool, resource or prompt) it is. */
export type ComponentRecord =
  | { readonly kind: "tool"; readonly key: string; readonly options: ToolOptions; readonly generated: GeneratedTool | undefined }
  | {
      readonly kind: "resource";
      readonly key: string;
      readonly uri: string;
      readonly options: ResourceOptions;
      readonly generated: GeneratedResource | undefined;
    }
  | { readonly kind: "prompt"; readonly key: string; readonly options: PromptOptions; readonly generated: GeneratedPrompt | undefined };

// Keyed by the method function itself: both decorator conventions hand us that function, and
// the runtime finds it again by walking the instance's prototype chain. No class reference or
// Symbol.metadata is needed, so TC39 decorators work on Node 20 unchanged.
const records = new WeakMap<Function, ComponentRecord>();

/** Remembers what `method` is. */
export function recordComponent(method: Function, record: ComponentRecord): void {
  records.set(method, record);
}

/** What a decorator recorded for `method`, if anything. */
export function getComponentRecord(method: unknown): ComponentRecord | undefined {
  return typeof method === "function" ? records.get(method) : undefined;
}

/** The name a component is served under: a resource's URI, else the `name` option or the method's name. */
export function servedName(record: ComponentRecord): string {
  return record.kind === "resource" ? record.uri : (record.options.name ?? record.key);
}

type LegacyDescriptor = { value?: unknown };
type MethodContext = { kind: string; name: string | symbol; static?: boolean };

/**
 * The one decorator body behind `@tool`, `@resource` and `@prompt`: detects TC39
 * `(method, context)` or legacy `(prototype, key, descriptor)` and records the method.
 */
export function createMethodDecorator(describe: (key: string) => ComponentRecord, decoratorName: string): MethodDecorator {
  return function decorate(target: unknown, contextOrKey: unknown, descriptor?: LegacyDescriptor): void {
    if (isMethodContext(contextOrKey)) {
      const key = String(contextOrKey.name);
      assertInstanceMethod(contextOrKey.kind === "method" && !contextOrKey.static, decoratorName, key);
      recordComponent(target as Function, describe(key));
      return;
    }
    const key = String(contextOrKey);
    assertInstanceMethod(typeof descriptor?.value === "function" && typeof target !== "function", decoratorName, key);
    recordComponent(descriptor!.value as Function, describe(key));
  } as MethodDecorator;
}

function isMethodContext(value: unknown): value is MethodContext {
  return typeof value === "object" && value !== null && "kind" in value;
}

function assertInstanceMethod(ok: boolean, decoratorName: string, name: string): void {
  if (!ok) throw new TypeError(`@${decoratorName}() applies to instance methods only; "${name}" is not one.`);
}
