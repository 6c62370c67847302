import { randomUUID } from "node:crypto";
import { findWorkerd } from "./find-deno.js";
import { ProcessPool } from "./process-pool.js";
import { ProgramBridge } from "./program-bridge.js";
import { type CompiledProgram, warmChecker } from "./program-checker.js";
import { programModule } from "./program-module.js";
import { describeTypeErrors, refuseModules } from "./sandbox-messages.js";
import { type CodeSandbox, type ResolvedLimits, resolveLimits, type SandboxLimits, type SandboxOutcome, type SandboxRun } from "./sandbox-types.js";
import { WorkerdProcess } from "./workerd-process.js";

const STARTUP_MS = 120_000;
const pool = new ProcessPool<WorkerdProcess>();

/**
 * A sandbox on workerd, Cloudflare's Workers runtime (`npm i -D workerd`; found by `findWorkerd`
 * unless given): each program runs as a dynamic worker, in a V8 isolate of its own with a heap
 * limit (`memoryMb`), in a workerd kept warm between programs whose data the operating system
 * bounds (`processMemoryMb`). A program has no network (its
 * `fetch` refuses; its only outbound service is the host's bridge), no files, no environment and no
 * subprocesses; it has the Web platform's globals, not Deno's. A TypeScript program is checked
 * first by the same warm checker as under Deno (against Web worker declarations), then run as
 * JavaScript. Unlike Deno, workerd evaluates no strings, so `codemode.keep` keeps data, not functions.
 */
export function createWorkerdSandbox(options: SandboxLimits & { workerd?: string } = {}): CodeSandbox {
  const workerd = options.workerd ?? findWorkerd();
  const limits = resolveLimits(options);
  const key = `${workerd}\u0000${limits.memoryMb}\u0000${limits.processMemoryMb ?? ""}`;
  return { run: (program) => runInWorkerd(workerd, key, limits, program), close: async () => pool.close(key) };
}

async function runInWorkerd(workerd: string, key: string, limits: ResolvedLimits, program: SandboxRun): Promise<SandboxOutcome> {
  const refused = refuseModules(program.code);
  if (refused) return { output: "", calls: 0, failure: refused };
  const starting = pool.take(key) ?? WorkerdProcess.start(workerd, limits);
  let compiled: CompiledProgram | undefined;
  if (program.language === "typescript") {
    const checked = warmChecker("web", () => ({ kind: "web" })).check(program.code, program.declarations, true);
    if (!checked.ok) {
      pool.give(key, await starting, true);
      return { output: "", calls: 0, failure: { kind: "type-error", message: describeTypeErrors(checked.errors) } };
    }
    compiled = checked.compiled;
  }
  const process = await starting;
  const bridge = new ProgramBridge(program, limits, () => process.kill(), compiled?.positions);
  const onAbort = () => bridge.stop("cancelled", "Cancelled by the user while it ran.");
  program.signal?.addEventListener("abort", onAbort);
  bridge.startupBound(STARTUP_MS);
  const run = randomUUID();
  await process.run(bridge, programModule(program, limits, { run, ...(compiled && { javascript: compiled.javascript }) }), run);
  program.signal?.removeEventListener("abort", onAbort);
  const outcome = bridge.outcome();
  pool.give(key, process, !outcome.failure || outcome.failure.kind === "exception");
  return outcome;
}
