import { getComponentRecord, type ComponentRecord } from "../../decorators/component-records.js";
import { BuildError } from "../../errors/build-error.js";

/** A decorated method found on an instance, with the function to call. */
export interface CollectedComponent {
  readonly record: ComponentRecord;
  readonly method: Function;
}

/**
 * Every `@tool`, `@resource` and `@prompt` method of `instance`: base classes first, each in
 * declaration order; an override in a subclass is called in its base's place. A method
 * compiled without `typemcp build` carries no definition and stops the server here.
 */
export function collectComponents(instance: object): CollectedComponent[] {
  const found = new Map<string, CollectedComponent>();
  for (const proto of prototypeChain(instance)) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const record = getComponentRecord(Object.getOwnPropertyDescriptor(proto, key)?.value);
      if (!record) continue;
      if (!record.generated) {
        const className = (proto as { constructor?: { name?: string } }).constructor?.name ?? "class";
        throw new BuildError(
          "NOT_BUILT",
          `${className}.${record.key} is marked @${record.kind}() but carries no definition: compile this server with \`typemcp build\`, not plain tsc.`,
        );
      }
      found.set(key, { record, method: (instance as Record<string, Function>)[key]! });
    }
  }
  return [...found.values()];
}

function prototypeChain(instance: object): object[] {
  const chain: object[] = [];
  for (let proto = Object.getPrototypeOf(instance); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    chain.unshift(proto);
  }
  return chain;
}
