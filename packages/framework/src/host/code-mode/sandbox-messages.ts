import type { SandboxOutcome } from "./sandbox-types.js";
import type { PositionMap } from "./source-positions.js";
import { base64Bytes, blockMedia, MAX_MEDIA_BYTES } from "../tool-result-media.js";
import type { ToolResultMedia } from "../models/model-adapter.js";

/** The pieces of media (images, audio, files) one program may show the model. */
const MAX_SHOWN = 4;
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

/**
 * What `codemode.show` shows the model of a block, or why it cannot: an image, audio, or an
 * embedded resource's blob (a PDF), up to `MAX_MEDIA_BYTES` each and `MAX_SHOWN` a program.
 */
export function toShownMedia(block: { type?: unknown; [field: string]: unknown }, shown: number): ToolResultMedia | string {
  const media = blockMedia(block);
  if (!media) {
    const what =
      block.type === "resource_link" || block.type === "resource" || block.type === "text"
        ? `a ${String(block.type)} block is text: print what the model needs of it (a link's uri, a resource's text).`
        : 'it takes content blocks with data: { type: "image" | "audio", data, mimeType } or { type: "resource", resource: { uri, mimeType, blob } }.';
    return `codemode.show cannot show this: ${what}`;
  }
  const bytes = base64Bytes(media.data);
  if (bytes > MAX_MEDIA_BYTES) return `codemode.show: the ${media.kind} is ${bytes} bytes; one may have ${MAX_MEDIA_BYTES}.`;
  return shown >= MAX_SHOWN ? `codemode.show: a program shows at most ${MAX_SHOWN} images, audio or files.` : media;
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
