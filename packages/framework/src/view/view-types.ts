import type { Context } from "../runtime/context.js";

/** The names of `C`'s methods: the tools a view of `C` may show and call. */
export type ToolMethod<C> = { [K in keyof C]: C[K] extends (...args: never[]) => unknown ? K : never }[keyof C] & string;

/**
 * A value of type `T` as it crosses the wire, which is what a view receives and sends: a `Date`
 * is its ISO 8601 text, a `URL` its `href`, bytes their base64 text, a `Set` an array, a `Map`
 * an object of its entries, a value with `toJSON` what that returns, and an object (a class
 * instance too) its data properties, without methods. The same rules the server applies to a
 * result (see the framework README's "Supported types"), so the view's types cannot promise a
 * `Date` where a string arrives. (A class's getters are not sent; TypeScript cannot tell them
 * from fields here, so leave them out of a view's result types.)
 */
export type WireForm<T> = T extends Date | URL
  ? string
  : T extends Uint8Array
    ? string
    : T extends ReadonlyMap<infer K, infer V>
      ? Record<K & string, WireForm<V>>
      : T extends ReadonlySet<infer E>
        ? WireForm<E>[]
        : T extends { toJSON(): infer J }
          ? WireForm<J>
          : T extends (...args: never[]) => unknown
            ? never
            : T extends readonly unknown[]
              ? { [I in keyof T]: WireForm<T[I]> }
              : T extends object
                ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: WireForm<T[K]> }
                : T;

/**
 * A tool method's parameters as a view passes and receives them: the method's own parameter list
 * without its trailing `Context` (which the server supplies), each in its {@link WireForm}.
 */
export type ViewParameters<F> = F extends (...args: infer P) => unknown ? WireForm<WithoutContext<P>> : never;

type WithoutContext<P extends unknown[]> = P extends [...infer Init, infer Last] ? ([Last] extends [Context] ? Init : P) : P;

/** What a tool method returns, as a view receives it: the awaited return type in its {@link WireForm}. */
export type ViewResult<F> = F extends (...args: never[]) => infer R ? WireForm<Awaited<R>> : never;
