import type { DiscoveryRequest } from "./discovery-declarations.js";
import type { KeptValues } from "./kept-values.js";
import type { ToolResultMedia } from "../models/model-adapter.js";

/** What a program may use, and how long. */
export interface SandboxLimits {
  /** Run time, not counting the time its tool calls take (default 30 000 ms). */
  readonly timeoutMs?: number;
  /** The program's V8 heap (`--max-old-space-size`, each isolate's; default 128 MB). */
  readonly memoryMb?: number;
  /**
   * All of the sandbox process's data (the heaps, `ArrayBuffer`s, the runtime's own), as the
   * operating system's limit on it (`RLIMIT_DATA`, set with `ulimit -d`; Linux and other POSIX
   * systems, not Windows). Default `memoryMb` + 1,536 MB. Past it an allocation fails in the program.
   */
  readonly processMemoryMb?: number;
  /** What it may print, in characters; past it the program is stopped (default 20 000). */
  readonly outputLimit?: number;
}

/** The limits with their defaults (the process's own follows from the heap's unless given). */
export type ResolvedLimits = Required<Omit<SandboxLimits, "processMemoryMb">> & Pick<SandboxLimits, "processMemoryMb">;

/** What the sandbox answers a tool call with: the value the program's `await` gets, or why it throws. */
export type BridgeAnswer = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/** One program to run. */
export interface SandboxRun {
  readonly code: string;
  readonly language: "typescript" | "javascript";
  /** Global declarations of the tools (`toToolDeclarations(…, { style: "global" })`), which a TypeScript program is checked against. */
  readonly declarations: string;
  /** namespace → method → qualified tool name: the globals the program gets. */
  readonly namespaces: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Answers the program's `codemode.search` and `codemode.describe` (declare them in
   * `declarations`: `DISCOVERY_DECLARATIONS`); without it the program has no `codemode`.
   */
  readonly onDiscover?: (request: DiscoveryRequest) => string;
  /**
   * What earlier programs kept (`codemode.keep`): defined as `kept` before the program runs, and
   * what this one keeps goes into it (declare `kept` in `declarations`: `KeptValues.declarations`).
   */
  readonly kept?: Pick<KeptValues, "entries" | "keep">;
  /** Calls a tool for the program; called one call at a time. */
  readonly onCall: (qualifiedName: string, args: unknown) => Promise<BridgeAnswer>;
  readonly signal?: AbortSignal;
}

/** Why a program did not finish. */
export type SandboxFailure = "refused" | "type-error" | "exception" | "timeout" | "memory" | "output-limit" | "cancelled" | "crashed";

/** How a program ended: what it printed, and, if it failed, how. */
export interface SandboxOutcome {
  readonly output: string;
  readonly failure?: { readonly kind: SandboxFailure; readonly message: string };
  /** Tool calls it made. */
  readonly calls: number;
  /** The images, audio and files it showed the model (`codemode.show`). */
  readonly media?: readonly ToolResultMedia[];
}

/** Runs programs in a sandbox whose only way out is the tool bridge. */
export interface CodeSandbox {
  run(program: SandboxRun): Promise<SandboxOutcome>;
  /**
   * Ends the processes kept warm between programs (a running program is stopped as cancelled).
   * They do not keep the host's process alive while idle, so calling it is tidy, not required.
   */
  close?(): Promise<void>;
}

/** The limits' defaults. */
export const SANDBOX_DEFAULTS = { timeoutMs: 30_000, memoryMb: 128, outputLimit: 20_000 } as const;

/** `limits` with their defaults filled in (an option given as `undefined` takes the default). */
export function resolveLimits(limits: SandboxLimits): ResolvedLimits {
  const given = Object.fromEntries(
    Object.entries(limits).filter(
      ([key, value]) => value !== undefined && (key === "timeoutMs" || key === "memoryMb" || key === "outputLimit" || key === "processMemoryMb"),
    ),
  );
  return { ...SANDBOX_DEFAULTS, ...given };
}
