// `any` is what lets one decorator type accept every method signature: a method's parameters
// are checked where it is declared, not here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMethod = (...args: any[]) => any;

/** Anything but a class constructor: the target experimentalDecorators passes for a static member. */
type NotAConstructor<T> = T extends abstract new (...args: never) => unknown ? never : unknown;

/**
 * What `@tool()`, `@resource()` and `@prompt()` return. Its two signatures let TypeScript itself
 * reject the decorator on anything but an instance method (a getter, setter, field, arrow
 * function property, static or `#private` member), with TC39 decorators and with
 * `experimentalDecorators`; `typemcp build` reports the same places in plainer words.
 */
export interface MethodDecorator {
  /** TC39 decorators: an instance method, neither static nor `#private`. */
  <This, Value extends AnyMethod>(value: Value, context: ClassMethodDecoratorContext<This, Value> & { readonly static: false; readonly private: false }): void;
  /** `experimentalDecorators`: a method on the class's prototype (a static member's target is the class). */
  <Target extends object>(target: Target & NotAConstructor<Target>, key: string | symbol, descriptor: TypedPropertyDescriptor<AnyMethod>): void;
}
