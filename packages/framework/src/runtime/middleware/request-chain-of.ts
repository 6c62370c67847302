// Which request middleware a method's requests run through. A middleware that times or handles
// tool calls in `onToolCall` and passes `tools/call` straight on from `onRequest` (timing()) is
// left out of that method's chain, so a tool call pays for no layer that adds nothing to it.
import type { Middleware } from "./middleware.js";

const passingToolCalls = new WeakSet<Middleware>();

/** Marks `middleware` as one whose `onRequest` calls `next()` and nothing more for `tools/call`. */
export function passesToolCallsOn<M extends Middleware>(middleware: M): M {
  passingToolCalls.add(middleware);
  return middleware;
}

/** The hooks of `chain` that `method`'s requests run through, outermost first. */
export function requestChainOf(method: string, chain: readonly Middleware[]): readonly Middleware[] {
  return method === "tools/call" ? chain.filter((middleware) => !passingToolCalls.has(middleware)) : chain;
}
