/**
 * `typemcp/vite`: a Vite (and so vitest) plugin that compiles a typemcp project's decorated
 * source exactly as `typemcp build` does, on the fly, so tests run the author's TypeScript with
 * the definitions the build would write.
 * @packageDocumentation
 */
export { typemcp as default, typemcp } from "./typemcp-plugin.js";
export type { TypemcpPluginOptions, VitePlugin } from "./typemcp-plugin.js";
