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

const failingNothingOfTheirOwn = new WeakSet<Middleware>();

/**
 * Marks `middleware` as one whose `onToolCall` adds no failure of its own: it returns `next()`'s
 * outcome as it is, a rejection included, and cannot throw itself (timing() writing its own
 * line). A tool call then runs it without the recovery layer each hook gets (a promise and a
 * reaction per call): what is inside fails as it would with no middleware at all.
 */
export function failsNothingOfItsOwn<M extends Middleware>(middleware: M): M {
  failingNothingOfTheirOwn.add(middleware);
  return middleware;
}

/** Whether `middleware`'s `onToolCall` needs no recovery layer (see {@link failsNothingOfItsOwn}). */
export function addsNoFailure(middleware: Middleware): boolean {
  return failingNothingOfTheirOwn.has(middleware);
}

/** The hooks of `chain` that `method`'s requests run through, outermost first. */
export function requestChainOf(method: string, chain: readonly Middleware[]): readonly Middleware[] {
  return method === "tools/call" ? chain.filter((middleware) => !passingToolCalls.has(middleware)) : chain;
}
