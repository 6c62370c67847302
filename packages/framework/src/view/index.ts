/**
 * `typemcp/view`: the code of a tool's view (MCP Apps), which runs in the host's sandboxed frame.
 * `connectView<Class, "method">()` types what the view receives and calls from the class's own
 * methods; `typemcp build` type-checks and bundles the view into the page it serves.
 * @packageDocumentation
 */
export { connectView, ViewCallError } from "./connect-view.js";
export type { ToolView, ViewOptions } from "./connect-view.js";
export type { ToolMethod, ViewParameters, ViewResult, WireForm } from "./view-types.js";
