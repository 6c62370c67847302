import type { Context } from "../runtime/context.js";

/** The names of `C`'s methods: the tools a view of `C` may show and call. */
export type ToolMethod<C> = { [K in keyof C]: C[K] extends (...args: never[]) => unknown ? K : never }[keyof C] & string;

/**
 * A tool method's parameters as a view passes them: the method's own parameter list without
 * its trailing `Context` (which the server supplies).
 */
export type ViewParameters<F> = F extends (...args: infer P) => unknown ? WithoutContext<P> : never;

type WithoutContext<P extends unknown[]> = P extends [...infer Init, infer Last] ? ([Last] extends [Context] ? Init : P) : P;

/** What a tool method returns, as a view receives it: the awaited return type. */
export type ViewResult<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;
