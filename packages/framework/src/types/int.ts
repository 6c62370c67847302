declare const intBrand: unique symbol;

// The brand is optional, so every `number` stays assignable to `Int`; the build recognizes the
// alias by its `@typemcpType` tag, which survives into the published .d.ts.

/**
 * A whole number. A tool parameter or property typed `Int` gets `type: "integer"` in its schema,
 * so a call with `2.5` is rejected before the method runs. At run time it is a plain `number`;
 * any number literal or arithmetic result can be assigned to it.
 *
 * @typemcpType integer
 * @example
 * ```ts
 * import { tool, type Int } from "typemcp";
 *
 * class Shelf {
 *   /** List books. @param page Which page, from 1. *\/
 *   @tool() list(page: Int = 1): string[] {
 *     return [];
 *   }
 * }
 * ```
 */
export type Int = number & { readonly [intBrand]?: never };
