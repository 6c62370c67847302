import type { SandboxOutcome } from "./sandbox-types.js";
import type { PositionMap } from "./source-positions.js";
import { MAX_IMAGE_CHARS } from "../tool-result-images.js";

/** The images one program may show the model. */
const MAX_IMAGES = 4;
// The program may not load modules: in Deno a statically written import of a local file is read
// without the read permission, so none may be written at all (the tools are globals).
const MODULE_SYNTAX = /\b(import|export)\b/;

/** Why `code` is refused before it runs (it names `import` or `export`), or undefined. */
export function refuseModules(code: string): NonNullable<SandboxOutcome["failure"]> | undefined {
  const word = MODULE_SYNTAX.exec(code)?.[1];
  if (!word) return undefined;
  return {
    kind: "refused",
    message: `The program uses "${word}": programs cannot load modules (the tools are globals already), and the word is refused anywhere, strings and comments included.`,
  };
}

/** Why codemode.show cannot show this, or undefined when it can. */
export function refuseImage(block: { type?: unknown; mimeType?: unknown; data?: unknown }, shown: number): string | undefined {
  if (block.type !== "image" || typeof block.data !== "string" || typeof block.mimeType !== "string" || !block.mimeType.startsWith("image/")) {
    return 'codemode.show takes image blocks ({ type: "image", data, mimeType: "image/…" }), as a tool\'s content has them.';
  }
  if (block.data.length > MAX_IMAGE_CHARS) return `codemode.show: the image is ${block.data.length} base64 characters; one may have ${MAX_IMAGE_CHARS}.`;
  return shown >= MAX_IMAGES ? `codemode.show: a program shows at most ${MAX_IMAGES} images.` : undefined;
}

/** A line of the prelude's (`{"typemcp":…}`), parsed, or undefined for anything else (the program's own output). */
export function parseBridgeLine(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith('{"typemcp":')) return undefined;
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** How a program whose sandbox ended before it said it finished ended: its heap, or a crash. */
export function classifyExit(stderr: string, code: number | null, signal: NodeJS.Signals | null): NonNullable<SandboxOutcome["failure"]> {
  if (/out of memory|heap limit|exceeded memory limit/i.test(stderr))
    return { kind: "memory", message: "The program ran out of memory (the sandbox's heap limit) and was stopped." };
  const tail = stripPaths(stderr).trim().split("\n").slice(-8).join("\n");
  return { kind: "crashed", message: `The sandbox ended (${signal ?? `exit ${code}`}) before the program finished${tail ? `:\n${tail}` : "."}` };
}

/** The checker's errors, as the model reads them. */
export function describeTypeErrors(errors: string): string {
  return `The program does not type-check against the tools' declarations, so it did not run:\n${errors}`;
}

/** An exception the program threw, with the program's own line where the stack has one. */
export function describeException(name: string, message: string, stack: string, programLines: number, positions?: PositionMap): string {
  const frame = stripPaths(stack, programLines, positions)
    .split("\n")
    .find((line) => /program\.(ts|js):\d+/.test(line));
  return `The program threw ${name}: ${message}${frame ? `\n${frame.trim()}` : ""}`;
}

/**
 * Positions in the program's isolate as the model knows them: the program's module (a blob under
 * Deno, `program.js` under workerd) has one line of wrapper above the program's own, and the
 * prelude after it (past `programLines`). `positions` maps compiled JavaScript's back to the program's.
 */
export function stripPaths(text: string, programLines = 0, positions?: PositionMap): string {
  return text
    .replace(/(?:blob:null\/[0-9a-f-]+|\bprogram\.js):(\d+):(\d+)/g, (_, ranLine: string, ranColumn: string) => {
      const [line, column] = positions?.(Number(ranLine), Number(ranColumn)) ?? [Number(ranLine), Number(ranColumn)];
      return line - 1 <= programLines ? `program.ts:${line - 1}:${column}` : `prelude.js:${ranLine}:${ranColumn}`;
    })
    .replace(/\x1b\[[0-9;]*m/g, "");
}
