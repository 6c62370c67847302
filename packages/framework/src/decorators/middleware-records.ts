// Kept as given (`@use` has checked each is a middleware): this folder only records, and knows
// nothing of what a middleware is. Keyed by the class constructor (`@use` on a class) or the method function (`@use` on a method),
// as component-records keys methods: both decorator conventions hand us these.
const records = new WeakMap<Function, object[]>();

/**
 * Records `middleware` for `target`, in source order: decorators apply from the one nearest the
 * declaration outwards, so each later `@use` (higher up) goes in front.
 */
export function recordMiddleware(target: Function, middleware: readonly object[]): void {
  records.set(target, [...middleware, ...(records.get(target) ?? [])]);
}

/** The middleware `@use(…)` recorded for a method. */
export function methodMiddleware(method: Function): readonly object[] {
  return records.get(method) ?? [];
}

/** The middleware `@use(…)` recorded for `instance`'s class and the classes it extends, base classes first. */
export function classMiddleware(instance: object): readonly object[] {
  const found: object[][] = [];
  for (let proto = Object.getPrototypeOf(instance); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const own = records.get(proto.constructor as Function);
    if (own && Object.hasOwn(proto, "constructor")) found.unshift(own);
  }
  return found.flat();
}
