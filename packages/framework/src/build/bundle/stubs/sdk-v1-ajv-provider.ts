/**
 * Stands in for `@modelcontextprotocol/sdk/dist/{esm,cjs}/validation/ajv-provider.js` (the 1.x
 * SDK) in a bundle; see `withoutSdkV1AjvProvider`.
 * @packageDocumentation
 */

/** The 1.x SDK's validator class, without ajv: asked for a validator, it says why there is none. */
export class AjvJsonSchemaValidator {
  /** Refuses: this bundle carries no ajv for the 1.x SDK. */
  getValidator(): never {
    throw new Error("typemcp bundles leave out the 1.x SDK's ajv provider: validate elicitation results with your own schema check");
  }
}
