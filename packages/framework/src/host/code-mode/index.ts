/**
 * `typemcp/code-mode`: servers as a typed API, and the sandbox code mode runs a model's programs
 * in. `toToolDeclarations` turns servers' tools into TypeScript declarations a model programs
 * against (`typemcp types` prints them), `createToolApi` gives a host's own code the same API as
 * functions, and `createDenoSandbox` (or `createWorkerdSandbox`) runs a program with no
 * permissions, calling back through a bridge. `ChatSession`'s `code` option (in `typemcp/host`) uses all three; import from here to
 * build code mode into a loop of one's own.
 *
 * @example
 * ```ts
 * import { connectServer } from "typemcp/host";
 * import { toToolDeclarations } from "typemcp/code-mode";
 *
 * const towns = await connectServer({ kind: "stdio", command: "node", args: ["dist/towns.js"], inheritEnv: false }, { timeoutMs: 30_000, clientName: "my-host", clientVersion: "1.0.0" });
 * const { text } = toToolDeclarations([{ name: "towns", tools: towns.tools }]);
 * console.log(text); // export namespace towns { … }
 * await towns.close();
 * ```
 * @packageDocumentation
 */

export { createToolApi } from "./create-tool-api.js";
export type { ToolApiServer } from "./create-tool-api.js";
export { toToolDeclarations } from "./tool-declarations.js";
export type { DeclaredServer, ToolBinding, ToolDeclarations } from "./tool-declarations.js";
export { schemaToType } from "./schema-to-type.js";
export { createDenoSandbox } from "./deno-sandbox.js";
export { createWorkerdSandbox } from "./workerd-sandbox.js";
export type { BridgeAnswer, CodeSandbox, SandboxFailure, SandboxLimits, SandboxOutcome, SandboxRun } from "./sandbox-types.js";
