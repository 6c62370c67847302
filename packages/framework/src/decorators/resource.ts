import type { GeneratedResource, ResourceOptions } from "../definitions/resource-definition.js";
import { assertFactoryCall } from "./assert-factory-call.js";
import { createMethodDecorator } from "./component-records.js";
import type { MethodDecorator } from "./method-decorator.js";

/**
 * Marks a method as an MCP resource at `uri`. A URI template's variables (`town://{name}`)
 * become the method's parameters of the same names, typed as declared; a URI without
 * variables is a static resource. Return a string (text), bytes (`Uint8Array`/`Buffer`, sent as
 * base64) or an object (sent as JSON). The description comes from the JSDoc summary.
 *
 * @typemcpDecorator resource
 * @param uri The resource's URI, or an RFC 6570 URI template.
 * @param options Name, title, description, MIME type and completions per template variable.
 * @example
 * ```ts
 * // JSDoc: A town's whole profile, as JSON.
 * @resource("town://{name}", { mimeType: "application/json", complete: { name: "townNames" } })
 * town(name: string): TownProfile { ... }
 * ```
 */
export function resource(uri: string, options?: ResourceOptions): MethodDecorator;
// `typemcp build` writes the derived definition in as one more argument; the public signature
// above keeps it out of an author's sight.
export function resource(uri: string, options: ResourceOptions = {}, generated?: GeneratedResource): MethodDecorator {
  assertFactoryCall("resource", uri, options);
  return createMethodDecorator((key) => ({ kind: "resource", key, uri, options, generated }), "resource");
}
