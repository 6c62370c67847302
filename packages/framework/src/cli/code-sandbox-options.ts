import { HostError } from "../errors/host-error.js";
import { createDenoSandbox } from "../host/code-mode/deno-sandbox.js";
import type { CodeSandbox } from "../host/code-mode/sandbox-types.js";
import { createWorkerdSandbox } from "../host/code-mode/workerd-sandbox.js";

/** `typemcp chat`'s options for code mode's sandbox. */
export const CODE_SANDBOX_OPTIONS = {
  sandbox: "string",
  deno: "string",
  workerd: "string",
  "code-timeout": "string",
  "code-memory": "string",
} as const;

type Given = { sandbox?: string; deno?: string; workerd?: string; "code-timeout"?: string; "code-memory"?: string };

/**
 * The sandbox `--sandbox deno|workerd` (default deno) names, with its limits; its runtime is found
 * now, so a missing one is reported before any server starts. `inUse` is whether code mode is on:
 * a sandbox flag without it is a usage error.
 */
export function readCodeSandbox(options: Given, inUse: boolean, readCount: (text: string, flag: string, least: number) => number): CodeSandbox | undefined {
  const kind = options.sandbox ?? "deno";
  if (kind !== "deno" && kind !== "workerd") throw new HostError("HOST_USAGE", `--sandbox takes deno or workerd; got "${kind}".`);
  for (const flag of ["sandbox", "deno", "workerd"] as const) {
    if (options[flag] !== undefined && !inUse) throw new HostError("HOST_USAGE", `--${flag} goes with --code (or "code": true in mcp.json).`);
  }
  if (!inUse) return undefined;
  const other = kind === "deno" ? "workerd" : "deno";
  if (options[other] !== undefined)
    throw new HostError("HOST_USAGE", `--${other} names the ${other} sandbox's binary, but the sandbox is ${kind} (--sandbox ${other} picks it).`);
  const limits = {
    ...(options["code-timeout"] !== undefined && { timeoutMs: readCount(options["code-timeout"], "--code-timeout", 1) }),
    ...(options["code-memory"] !== undefined && { memoryMb: readCount(options["code-memory"], "--code-memory", 16) }),
  };
  return kind === "deno"
    ? createDenoSandbox({ ...limits, ...(options.deno !== undefined && { deno: options.deno }) })
    : createWorkerdSandbox({ ...limits, ...(options.workerd !== undefined && { workerd: options.workerd }) });
}
