import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type DiscoveryRequest, toDiscoveryRequest } from "./discovery-declarations.js";
import { findDeno } from "./find-deno.js";
import type { KeptValues } from "./kept-values.js";
import type { ToolResultImage } from "../models/model-adapter.js";
import { MAX_IMAGE_CHARS } from "../tool-result-images.js";

/** What a program may use, and how long. */
export interface SandboxLimits {
  /** Run time, not counting the time its tool calls take (default 30 000 ms). */
  readonly timeoutMs?: number;
  /** The V8 heap (`--max-old-space-size`, default 128 MB). */
  readonly memoryMb?: number;
  /**
   * All of the sandbox process's data (its heap, `ArrayBuffer`s, Deno's own and its type checker's),
   * as the operating system's limit on it (`RLIMIT_DATA`, set with `ulimit -d`; Linux and other
   * POSIX systems, not Windows). Default `memoryMb` + 1,536 MB: Deno's checker needs about a
   * gigabyte on a cold start. Past it an allocation fails in the program.
   */
  readonly processMemoryMb?: number;
  /** What it may print, in characters; past it the program is stopped (default 20 000). */
  readonly outputLimit?: number;
}

/** The limits with their defaults (the process's own follows from the heap's unless given). */
type ResolvedLimits = Required<Omit<SandboxLimits, "processMemoryMb">> & Pick<SandboxLimits, "processMemoryMb">;

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
  /** The images it showed the model (`codemode.show`). */
  readonly images?: readonly ToolResultImage[];
}

/** Runs programs in a sandbox whose only way out is the tool bridge. */
export interface CodeSandbox {
  run(program: SandboxRun): Promise<SandboxOutcome>;
}

const STARTUP_MS = 120_000;
const DEFAULTS = { timeoutMs: 30_000, memoryMb: 128, outputLimit: 20_000 } as const;
/** What Deno itself needs beside the program's heap, with its type checker (see `processMemoryMb`). */
const RUNTIME_MB = 1_536;
/** The longest line the bridge takes (a tool call's arguments): a program's own output is bounded by `outputLimit`. */
const MAX_BRIDGE_LINE = 16 * 1024 * 1024;
const BRIDGE_PREFIX = '{"typemcp":';
/** The images one program may show the model. */
const MAX_IMAGES = 4;
// The program may not load modules: in Deno a statically written import of a local file is read
// without the read permission, so none may be written at all (the tools are globals).
const MODULE_SYNTAX = /\b(import|export)\b/;

/**
 * A sandbox on Deno (`deno run` with no permissions: no network, files, environment, subprocesses
 * or FFI; no remote or npm modules; no config file), started once per program with a heap limit.
 * A TypeScript program is type-checked against the declarations first (Deno's own checker), so
 * a call with wrong arguments is a type error. Its stdin and stdout carry the bridge (JSON lines):
 * tool calls out, answers in, what it prints out. `deno` is found by `findDeno` unless given.
 */
export function createDenoSandbox(options: SandboxLimits & { deno?: string } = {}): CodeSandbox {
  const deno = options.deno ?? findDeno();
  const limits = { ...DEFAULTS, ...definedOnly(options) };
  return { run: (program) => runInDeno(deno, limits, program) };
}

async function runInDeno(deno: string, limits: ResolvedLimits, program: SandboxRun): Promise<SandboxOutcome> {
  if (MODULE_SYNTAX.test(program.code)) {
    const word = MODULE_SYNTAX.exec(program.code)![1];
    return {
      output: "",
      calls: 0,
      failure: {
        kind: "refused",
        message: `The program uses "${word}": programs cannot load modules (the tools are globals already), and the word is refused anywhere, strings and comments included.`,
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-code-"));
  try {
    const ext = program.language === "javascript" ? "js" : "ts";
    fs.writeFileSync(path.join(dir, "tools.d.ts"), program.declarations);
    fs.copyFileSync(preludeFile(), path.join(dir, `prelude${path.extname(preludeFile())}`));
    // One line before the program's own, so its line numbers are the program's plus one.
    fs.writeFileSync(path.join(dir, `program.${ext}`), `export default async function program() {\n${program.code}\n}\n`);
    // Strict, as Deno checks by default, but a caught value reads as `any`: `catch (e) { e.message }`
    // is what models write, and a type error there costs a round trip and teaches nothing.
    fs.writeFileSync(path.join(dir, "deno.json"), `${JSON.stringify({ compilerOptions: { strict: true, useUnknownInCatchVariables: false } })}\n`);
    fs.writeFileSync(
      path.join(dir, "main.ts"),
      `/// <reference path="./tools.d.ts" />\nimport { start } from "./prelude${path.extname(preludeFile())}";\nimport program from "./program.${ext}";\nawait start(program);\n`,
    );
    return await supervise(deno, dir, limits, program);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function supervise(deno: string, dir: string, limits: ResolvedLimits, program: SandboxRun): Promise<SandboxOutcome> {
  const args = [
    "run",
    "--no-prompt",
    "--no-remote",
    "--no-npm",
    // The sandbox's own config (above), never one from a folder above it.
    "--config=deno.json",
    "--no-lock",
    // Only a TypeScript program is checked: a JavaScript one runs as written, without the checker's start-up.
    program.language === "typescript" ? "--check" : "--no-check",
    `--v8-flags=--max-old-space-size=${limits.memoryMb}`,
    "main.ts",
  ];
  const env = { PATH: process.env.PATH ?? "", DENO_DIR: path.join(os.tmpdir(), "typemcp-code-mode-deno"), NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" };
  // The heap flag bounds V8's heap only; the operating system bounds the rest (ArrayBuffers
  // live outside it), through a shell that sets the limit and then becomes Deno.
  const dataKb = String(Math.floor((limits.processMemoryMb ?? limits.memoryMb + RUNTIME_MB) * 1024));
  const child =
    process.platform === "win32"
      ? spawn(deno, args, { cwd: dir, env, stdio: ["pipe", "pipe", "pipe"] })
      : spawn("/bin/sh", ["-c", 'ulimit -d "$TYPEMCP_DATA_KB" && exec "$@"', "sh", deno, ...args], {
          cwd: dir,
          env: { ...env, TYPEMCP_DATA_KB: dataKb },
          stdio: ["pipe", "pipe", "pipe"],
        });
  let output = "";
  let stderr = "";
  let calls = 0;
  const images: ToolResultImage[] = [];
  let failure: SandboxOutcome["failure"];
  let finished = false;
  let queue = Promise.resolve();
  let inFlight = 0;
  let budget = limits.timeoutMs;
  let clockStarted = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const stop = (kind: SandboxFailure, message: string) => {
    failure ??= { kind, message };
    child.kill("SIGKILL");
  };
  const startClock = () => {
    clockStarted = Date.now();
    timer = setTimeout(
      () => stop("timeout", `The program ran past its time limit (${limits.timeoutMs} ms, not counting its tool calls) and was stopped.`),
      budget,
    );
  };
  const pauseClock = () => {
    clearTimeout(timer);
    budget -= Date.now() - clockStarted;
  };
  const print = (text: string) => {
    if (output.length + text.length + 1 > limits.outputLimit) {
      output += `${text}\n`.slice(0, Math.max(0, limits.outputLimit - output.length));
      stop("output-limit", `The program printed more than ${limits.outputLimit} characters and was stopped: print less (a summary, the records you need).`);
    } else output += `${text}\n`;
  };
  const onAbort = () => stop("cancelled", "Cancelled by the user while it ran.");
  program.signal?.addEventListener("abort", onAbort);
  const handle = (message: {
    typemcp?: unknown;
    id?: unknown;
    tool?: unknown;
    args?: unknown;
    text?: unknown;
    name?: unknown;
    message?: unknown;
    stack?: unknown;
    op?: unknown;
    value?: unknown;
    source?: unknown;
    type?: unknown;
    mimeType?: unknown;
    data?: unknown;
  }) => {
    if (message.typemcp === "ready") {
      clearTimeout(timer);
      startClock();
    } else if (message.typemcp === "print") print(String(message.text));
    else if (message.typemcp === "done") finished = true;
    else if (message.typemcp === "error") {
      finished = true;
      // An allocation the process's memory limit refused (an ArrayBuffer outside the heap) is the memory limit's doing.
      failure ??=
        message.name === "RangeError" && /allocation failed/i.test(String(message.message))
          ? { kind: "memory", message: "The program ran out of memory (the sandbox's memory limit) and was stopped." }
          : { kind: "exception", message: describeException(String(message.name), String(message.message), String(message.stack ?? "")) };
    } else if (message.typemcp === "discover" && typeof message.id === "number") {
      // Answered at once, beside any tool call in flight: it reads the host's catalog, nothing more.
      const request = toDiscoveryRequest(message.op, message.args);
      const reply =
        request && program.onDiscover
          ? { id: message.id, result: program.onDiscover(request) }
          : { id: message.id, error: `codemode.${String(message.op)} is not offered here.` };
      if (child.stdin.writable) child.stdin.write(`${JSON.stringify(reply)}\n`);
    } else if (message.typemcp === "image" && typeof message.id === "number") {
      const refused = refuseImage(message, images.length);
      if (!refused) images.push({ mimeType: String(message.mimeType), data: String(message.data) });
      if (child.stdin.writable) child.stdin.write(`${JSON.stringify(refused ? { id: message.id, error: refused } : { id: message.id, result: null })}\n`);
    } else if (message.typemcp === "keep" && typeof message.id === "number") {
      const entry = typeof message.source === "string" ? { source: message.source } : "value" in message ? { value: message.value } : undefined;
      const refused = program.kept ? program.kept.keep(String(message.name), entry) : "codemode.keep is not offered here.";
      if (child.stdin.writable)
        child.stdin.write(`${JSON.stringify(refused === undefined ? { id: message.id, result: null } : { id: message.id, error: refused })}\n`);
    } else if (message.typemcp === "call" && typeof message.id === "number") {
      calls++;
      if (inFlight++ === 0) pauseClock();
      const id = message.id;
      queue = queue.then(async () => {
        const answer = await program
          .onCall(String(message.tool), message.args)
          .catch((error: unknown): BridgeAnswer => ({ ok: false, message: String(error) }));
        if (--inFlight === 0 && !failure) startClock();
        if (!child.stdin.writable) return;
        child.stdin.write(`${JSON.stringify(answer.ok ? { id, result: answer.value ?? null } : { id, error: answer.message })}\n`);
      });
    }
  };
  let pendingLine = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    pendingLine += chunk;
    for (let end = pendingLine.indexOf("\n"); end >= 0; end = pendingLine.indexOf("\n")) {
      const line = pendingLine.slice(0, end);
      pendingLine = pendingLine.slice(end + 1);
      const parsed = parseBridgeLine(line);
      // A line that is not the bridge's is something the program wrote to stdout itself: printed output.
      if (parsed) handle(parsed);
      else print(line);
    }
    // A line without its newline yet is held only as far as it could still be printed (or, for
    // the bridge's own lines, up to the largest tool call): never without bound.
    const bridge = BRIDGE_PREFIX.startsWith(pendingLine.slice(0, BRIDGE_PREFIX.length));
    if (bridge && pendingLine.length > MAX_BRIDGE_LINE) {
      pendingLine = "";
      stop("output-limit", `The program sent a tool call of more than ${MAX_BRIDGE_LINE} characters and was stopped: pass less to a tool at once.`);
    } else if (!bridge && output.length + pendingLine.length + 1 > limits.outputLimit) {
      const line = pendingLine;
      pendingLine = "";
      print(line);
    }
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    if (stderr.length < 64_000) stderr += chunk;
  });
  child.stdin.on("error", () => {});
  const setup = { namespaces: program.namespaces, discovery: program.onDiscover !== undefined, kept: program.kept?.entries() ?? {} };
  child.stdin.write(`${JSON.stringify(setup)}\n`);
  // Starting Deno and type-checking the program is not the program's time: it has its own bound.
  timer = setTimeout(() => stop("timeout", `The sandbox did not start the program within ${STARTUP_MS / 1000} s.`), STARTUP_MS);
  return new Promise((resolve) => {
    child.on("error", (error) => stop("crashed", `Deno could not be started (${deno}): ${error.message}`));
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      program.signal?.removeEventListener("abort", onAbort);
      if (pendingLine) print(pendingLine);
      if (!failure && !finished) failure = classifyExit(stderr, code, signal);
      resolve({ output, calls, ...(images.length && { images }), ...(failure && { failure }) });
    });
  });
}

// Why codemode.show cannot show this, or undefined when it can.
function refuseImage(block: { type?: unknown; mimeType?: unknown; data?: unknown }, shown: number): string | undefined {
  if (block.type !== "image" || typeof block.data !== "string" || typeof block.mimeType !== "string" || !block.mimeType.startsWith("image/")) {
    return 'codemode.show takes image blocks ({ type: "image", data, mimeType: "image/…" }), as a tool\'s content has them.';
  }
  if (block.data.length > MAX_IMAGE_CHARS) return `codemode.show: the image is ${block.data.length} base64 characters; one may have ${MAX_IMAGE_CHARS}.`;
  return shown >= MAX_IMAGES ? `codemode.show: a program shows at most ${MAX_IMAGES} images.` : undefined;
}

function parseBridgeLine(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith('{"typemcp":')) return undefined;
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

// How a program that never said it finished ended: a type error (Deno's checker), its heap, or a crash.
function classifyExit(stderr: string, code: number | null, signal: NodeJS.Signals | null): NonNullable<SandboxOutcome["failure"]> {
  if (/TS\d+ \[ERROR\]/.test(stderr)) return { kind: "type-error", message: describeTypeErrors(stderr) };
  if (/out of memory|heap limit/i.test(stderr)) return { kind: "memory", message: "The program ran out of memory (the sandbox's heap limit) and was stopped." };
  const tail = stripPaths(stderr).trim().split("\n").slice(-8).join("\n");
  return { kind: "crashed", message: `The sandbox ended (${signal ?? `exit ${code}`}) before the program finished${tail ? `:\n${tail}` : "."}` };
}

function describeTypeErrors(stderr: string): string {
  const errors = stripPaths(stderr)
    .split(/\n(?=TS\d+ \[ERROR\])/)
    .filter((block) => /^TS\d+ \[ERROR\]/.test(block.trimStart()))
    .map((block) =>
      block
        .trim()
        .split("\n")
        .filter((line) => !/^\s*(info|hint):|error: Type checking failed|Stack backtrace|^\s*\d+: /.test(line))
        .join("\n")
        .trim(),
    );
  return `The program does not type-check against the tools' declarations, so it did not run:\n${errors.join("\n\n")}`;
}

function describeException(name: string, message: string, stack: string): string {
  const frame = stripPaths(stack)
    .split("\n")
    .find((line) => /program\.(ts|js):\d+/.test(line));
  return `The program threw ${name}: ${message}${frame ? `\n${frame.trim()}` : ""}`;
}

// Temporary paths say nothing to the model; the program's line numbers are its own (one line of wrapper above it).
function stripPaths(text: string): string {
  return text
    .replace(/file:\/\/\/\S*?\/(program|main|prelude)\.(ts|js):(\d+):(\d+)/g, (_, file: string, ext: string, line: string, column: string) =>
      file === "program" ? `program.${ext}:${Number(line) - 1}:${column}` : `${file}.${ext}:${line}:${column}`,
    )
    .replace(/file:\/\/\/\S*?\/typemcp-code-[^/\s]+\//g, "")
    .replace(/\x1b\[[0-9;]*m/g, "");
}

// The prelude as built (dist: .js) or as source (tests run the .ts; Deno runs either).
function preludeFile(): string {
  const js = fileURLToPath(new URL("./sandbox-prelude.js", import.meta.url));
  return fs.existsSync(js) ? js : fileURLToPath(new URL("./sandbox-prelude.ts", import.meta.url));
}

function definedOnly(limits: SandboxLimits): SandboxLimits {
  return Object.fromEntries(Object.entries(limits).filter(([key, value]) => value !== undefined && key !== "deno"));
}
