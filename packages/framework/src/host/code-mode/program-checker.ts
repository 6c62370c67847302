import { createRequire } from "node:module";
import type * as TypeScript from "typescript";
import { type PositionMap, positionMap } from "./source-positions.js";

type Ts = typeof TypeScript;

/** The ambient types a program runs among: Deno's own (`deno types`), or a Web worker's (workerd). */
export type CheckerGlobals = { readonly kind: "deno"; readonly types: string } | { readonly kind: "web" };

/** What checking a program found: its JavaScript, or its type errors in Deno's format. */
export type CheckResult = { readonly ok: true; readonly compiled?: CompiledProgram } | { readonly ok: false; readonly errors: string };

const DIR = "/typemcp-code";
const PROGRAM = `${DIR}/program.ts`;
const TOOLS = `${DIR}/tools.d.ts`;
const GLOBALS = `${DIR}/globals.d.ts`;
// One line before the program's own, so its line numbers are the program's plus one.
const WRAPPER = "export default async function program() {\n";

/**
 * A type checker kept warm between programs: one TypeScript language service per set of globals,
 * whose libraries and tool declarations are parsed and bound once; a program is the one file that
 * changes, so checking it costs milliseconds, not the seconds of a checker started afresh.
 * Strict, as Deno checks, but a caught value reads as `any`: `catch (e) { e.message }` is what
 * models write, and a type error there costs a round trip and teaches nothing. TypeScript is
 * typemcp's own dependency (its build reads types with it), loaded here on the first check: the
 * server runtime never loads it.
 */
export class ProgramChecker {
  private readonly ts: Ts;
  private readonly files = new Map<string, { text: string; version: number }>();
  private readonly service: TypeScript.LanguageService;
  private readonly options: TypeScript.CompilerOptions;

  constructor(globals: CheckerGlobals) {
    this.ts = createRequire(import.meta.url)("typescript") as Ts;
    const ts = this.ts;
    const lib = globals.kind === "deno" ? ["lib.esnext.d.ts"] : ["lib.esnext.d.ts", "lib.webworker.d.ts"];
    this.options = {
      strict: true,
      useUnknownInCatchVariables: false,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ESNext,
      module: ts.ModuleKind.ESNext,
      lib,
      types: [],
    };
    // Deno's declarations name its own libraries (deno.net, …), which are in the same text already.
    const denoTypes = globals.kind === "deno" ? globals.types.replace(/^\/\/\/ <reference lib="deno\.[^"]*" \/>$/gm, "") : "";
    this.set(GLOBALS, denoTypes);
    this.set(TOOLS, "");
    this.set(PROGRAM, "");
    const read = (file: string) => this.files.get(file)?.text ?? ts.sys.readFile(file);
    this.service = ts.createLanguageService(
      {
        getCompilationSettings: () => this.options,
        getScriptFileNames: () => [...this.files.keys()],
        getScriptVersion: (file) => String(this.files.get(file)?.version ?? 0),
        getScriptSnapshot: (file) => {
          const text = read(file);
          return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
        },
        getCurrentDirectory: () => DIR,
        getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
        fileExists: (file) => this.files.has(file) || ts.sys.fileExists(file),
        readFile: read,
      },
      ts.createDocumentRegistry(),
    );
  }

  /** Checks `code` (a program's body) against `declarations`; its JavaScript (`emit`) when it type-checks. */
  check(code: string, declarations: string, emit: boolean): CheckResult {
    this.set(TOOLS, declarations);
    this.set(PROGRAM, `${WRAPPER}${code}\n}\n`);
    const diagnostics = [...this.service.getSyntacticDiagnostics(PROGRAM), ...this.service.getSemanticDiagnostics(PROGRAM)];
    if (diagnostics.length) return { ok: false, errors: diagnostics.map((d) => this.format(d)).join("\n\n") };
    return emit ? { ok: true, compiled: this.transpile(code) } : { ok: true };
  }

  /** A program as JavaScript, its types erased (what a sandbox without TypeScript runs), with its source map. */
  transpile(code: string): CompiledProgram {
    const ts = this.ts;
    const out = ts.transpileModule(`${WRAPPER}${code}\n}\n`, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, sourceMap: true },
      fileName: "program.ts",
    });
    const map = JSON.parse(out.sourceMapText ?? "{}") as { mappings?: string };
    return {
      javascript: out.outputText.replace(/^export default /, "").replace(/\n\/\/# sourceMappingURL=.*\s*$/, "\n"),
      positions: positionMap(map.mappings ?? ""),
    };
  }

  private set(file: string, text: string): void {
    const known = this.files.get(file);
    if (known?.text === text) return;
    this.files.set(file, { text, version: (known?.version ?? 0) + 1 });
  }

  // As Deno's checker writes it: code, message, the line with the span marked, and the program's own position.
  private format(diagnostic: TypeScript.Diagnostic): string {
    const message = this.ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    const file = diagnostic.file;
    if (!file || diagnostic.start === undefined) return `TS${diagnostic.code} [ERROR]: ${message}`;
    const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start);
    const text = file.text.split("\n")[line] ?? "";
    const marks = " ".repeat(character) + "~".repeat(Math.max(1, Math.min(diagnostic.length ?? 1, text.length - character)));
    const where = file.fileName === PROGRAM ? `program.ts:${line}:${character + 1}` : `${file.fileName.split("/").pop()}:${line + 1}:${character + 1}`;
    return `TS${diagnostic.code} [ERROR]: ${message}\n${text}\n${marks}\n    at ${where}`;
  }
}

/** A TypeScript program as JavaScript: `async function program() {…}`, and where its positions came from. */
export interface CompiledProgram {
  readonly javascript: string;
  readonly positions: PositionMap;
}

const checkers = new Map<string, ProgramChecker>();

/** The checker kept warm for `globals` (`key` names them), made on first use. */
export function warmChecker(key: string, globals: () => CheckerGlobals): ProgramChecker {
  let checker = checkers.get(key);
  if (!checker) checkers.set(key, (checker = new ProgramChecker(globals())));
  return checker;
}
