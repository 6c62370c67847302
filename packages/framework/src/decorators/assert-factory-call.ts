/**
 * Throws when `@tool`, `@resource` or `@prompt` is written without its call (`@tool greet()`
 * for `@tool() greet()`) and compiled anyway: the runtime would call the factory as the
 * decorator, and what it returned would replace the method (TC39) or its descriptor (legacy),
 * leaving a tool that silently is not one. `first` and `second` are the factory's first two arguments.
 */
export function assertFactoryCall(decoratorName: string, first: unknown, second: unknown): void {
  // TC39 passes (method, context); experimentalDecorators passes (prototype, key, descriptor).
  const tc39 = typeof first === "function" && typeof second === "object" && second !== null && "kind" in second && "name" in second;
  const legacy = typeof first === "object" && first !== null && (typeof second === "string" || typeof second === "symbol");
  if (!tc39 && !legacy) return;
  const name = String(tc39 ? (second as { name: unknown }).name : second);
  const call = decoratorName === "resource" ? '@resource("uri://…")' : `@${decoratorName}()`;
  throw new TypeError(`@${decoratorName} needs parentheses: write ${call} on "${name}"; ${decoratorName}(…) makes the decorator.`);
}
