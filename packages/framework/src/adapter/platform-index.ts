/**
 * `typemcp` as the author's entry sees it in a platform build: every export of the package, with
 * `serve()` replaced by the platform's, which records the server for the platform's entry.
 * @packageDocumentation
 */
export * from "../index.js";
export { serve } from "./platform-serve.js";
