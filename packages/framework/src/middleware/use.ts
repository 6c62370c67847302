import { assertMiddleware, type Middleware } from "../runtime/middleware/middleware.js";
import { recordMiddleware } from "../decorators/middleware-records.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMethod = (...args: any[]) => any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyClass = abstract new (...args: any[]) => unknown;

/** What `@use(…)` returns: a decorator for a class or an instance method, in both decorator modes. */
export interface UseDecorator {
  /** TC39 decorators, on a class. */
  <Class extends AnyClass>(value: Class, context: ClassDecoratorContext<Class>): void;
  /** TC39 decorators, on an instance method. */
  <This, Value extends AnyMethod>(value: Value, context: ClassMethodDecoratorContext<This, Value>): void;
  /** `experimentalDecorators`, on a class. */
  <Class extends AnyClass>(target: Class): void;
  /** `experimentalDecorators`, on a method. */
  <Target extends object>(target: Target, key: string | symbol, descriptor: TypedPropertyDescriptor<AnyMethod>): void;
}

/**
 * Wraps the tools of a class, or one tool method, in `middleware` (its `onToolCall` hooks), after
 * the server-wide middleware and, on a method, after the class's. Several `@use` run top first.
 * Only records: the server reads it when it adds the instance.
 *
 * @example
 * ```ts
 * @use(logRequests())
 * class Search {
 *   @use(rateLimit({ limit: 10, windowMs: 60_000 }))
 *   @tool() async deepSearch(query: string): Promise<string[]> { … }
 * }
 * ```
 */
export function use(...middleware: Middleware[]): UseDecorator {
  assertMiddleware(middleware, "@use(…) argument list");
  return function decorate(target: unknown, contextOrKey?: unknown, descriptor?: { value?: unknown }): void {
    if (typeof contextOrKey === "object" && contextOrKey !== null && "kind" in contextOrKey) {
      const kind = (contextOrKey as { kind: string; static?: boolean }).kind;
      if (kind !== "class" && (kind !== "method" || (contextOrKey as { static?: boolean }).static))
        throw new TypeError(`@use() applies to classes and instance methods only, not to a ${kind}.`);
      recordMiddleware(target as Function, middleware);
      return;
    }
    if (contextOrKey === undefined && typeof target === "function") return recordMiddleware(target, middleware);
    if (typeof descriptor?.value !== "function" || typeof target === "function")
      throw new TypeError(`@use() applies to classes and instance methods only; "${String(contextOrKey)}" is not one.`);
    recordMiddleware(descriptor.value as Function, middleware);
  } as UseDecorator;
}
