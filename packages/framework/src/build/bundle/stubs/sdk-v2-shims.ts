/**
 * Stands in for `@modelcontextprotocol/server/_shims` (the v2 SDK's per-runtime module) in a
 * bundle: the same exports as its Node variant, with a validator class that loads no ajv (see
 * `withoutSdkV2AjvProvider`).
 * @packageDocumentation
 */
export { default as process } from "node:process";

/** The SDK's default validator class, without ajv: asked for a validator, it says why there is none. */
export class DefaultJsonSchemaValidator {
  /** Refuses: typemcp sends elicitation requests itself and validates with its own ajv. */
  getValidator(): never {
    throw new Error("typemcp bundles leave out the SDK's ajv provider: validate elicitation results with your own schema check");
  }
}
