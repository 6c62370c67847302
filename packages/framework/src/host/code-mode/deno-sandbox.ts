import { spawnSync } from "node:child_process";
import { DenoProcess } from "./deno-process.js";
import { findDeno } from "./find-deno.js";
import { type CheckResult, warmChecker } from "./program-checker.js";
import { ProcessPool } from "./process-pool.js";
import { ProgramBridge } from "./program-bridge.js";
import { programModule } from "./program-module.js";
import { describeTypeErrors, refuseModules } from "./sandbox-messages.js";
import { type CodeSandbox, type ResolvedLimits, resolveLimits, type SandboxLimits, type SandboxOutcome, type SandboxRun } from "./sandbox-types.js";

export type { BridgeAnswer, CodeSandbox, SandboxFailure, SandboxLimits, SandboxOutcome, SandboxRun } from "./sandbox-types.js";

const STARTUP_MS = 120_000;
const pool = new ProcessPool<DenoProcess>();

/**
 * A sandbox on Deno: programs run with no permissions (no network, files, environment, subprocesses
 * or FFI; no remote or npm modules; no config file), each in a fresh isolate (a Worker) of a Deno
 * process kept warm between programs, with a heap limit per isolate and a memory limit on the
 * process. A TypeScript program is type-checked first against the declarations by a checker kept
 * warm in the host (`ProgramChecker`, with Deno's own declarations from `deno types`), so a call
 * with wrong arguments is a type error, reported as Deno's checker would. `deno` is found by
 * `findDeno` unless given.
 */
export function createDenoSandbox(options: SandboxLimits & { deno?: string } = {}): CodeSandbox {
  const deno = options.deno ?? findDeno();
  const limits = resolveLimits(options);
  const key = `${deno}\u0000${limits.memoryMb}\u0000${limits.processMemoryMb ?? ""}`;
  return {
    run: (program) => runInDeno(deno, key, limits, program),
    close: async () => pool.close(key),
  };
}

async function runInDeno(deno: string, key: string, limits: ResolvedLimits, program: SandboxRun): Promise<SandboxOutcome> {
  const refused = refuseModules(program.code);
  if (refused) return { output: "", calls: 0, failure: refused };
  // A warm process if one waits, else one starting while the program is checked.
  const process = pool.take(key) ?? new DenoProcess(deno, limits);
  const checked = program.language === "typescript" ? checkForDeno(deno, program) : undefined;
  if (checked && !checked.ok) {
    pool.give(key, process, true);
    return { output: "", calls: 0, failure: { kind: "type-error", message: describeTypeErrors(checked.errors) } };
  }
  const bridge = new ProgramBridge(program, limits, () => process.kill());
  const onAbort = () => bridge.stop("cancelled", "Cancelled by the user while it ran.");
  program.signal?.addEventListener("abort", onAbort);
  // Starting the process (the first time) is not the program's time: it has its own bound.
  bridge.startupBound(STARTUP_MS);
  await process.run(bridge, programModule(program, limits), program.language === "typescript");
  program.signal?.removeEventListener("abort", onAbort);
  const outcome = bridge.outcome();
  // Ended cleanly or by the program's own exception: the process is as good as new.
  pool.give(key, process, !outcome.failure || outcome.failure.kind === "exception");
  return outcome;
}

const denoTypes = new Map<string, string>();

function checkForDeno(deno: string, program: SandboxRun): CheckResult {
  const checker = warmChecker(`deno:${deno}`, () => {
    let types = denoTypes.get(deno);
    if (types === undefined) {
      const printed = spawnSync(deno, ["types"], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
      });
      types = printed.status === 0 ? printed.stdout : "";
      denoTypes.set(deno, types);
    }
    return { kind: "deno", types };
  });
  return checker.check(program.code, program.declarations, false);
}
