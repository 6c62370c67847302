import ts from "../typescript.cjs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deriveTool, type Derived } from "../derive-tool.js";
import { findComponents } from "../find-components.js";
import { SchemaGenerator } from "../schema-generator.js";

/** The path the fixture source pretends to live at; build errors point into it. */
export const FIXTURE_FILE = fileURLToPath(new URL("./virtual/tools.ts", import.meta.url));

const TYPEMCP = fileURLToPath(new URL("./typemcp.ts", import.meta.url));

const options: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts"],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  skipLibCheck: true,
  types: [],
  baseUrl: fileURLToPath(new URL("../../../../", import.meta.url)),
  paths: { typemcp: [TYPEMCP] },
};

// Lib and framework files parse the same for every fixture; sharing them keeps each program cheap.
const sharedFiles = new Map<string, ts.SourceFile | undefined>();

/**
 * Builds an in-memory program holding `source` as its root file. `modules` adds more in-memory
 * files by path relative to it, which it can import: `{ "./shapes.ts": "..." }`, or a package as
 * `{ "./node_modules/geo/index.d.ts": "..." }`.
 */
export function createFixtureProgram(source: string, modules: Record<string, string> = {}): ts.Program {
  const files = new Map([[FIXTURE_FILE, source], ...Object.entries(modules).map(([name, text]) => [toFixturePath(name), text] as const)]);
  const base = ts.createCompilerHost(options, true);
  const host: ts.CompilerHost = {
    ...base,
    fileExists: (name) => files.has(name) || base.fileExists(name),
    readFile: (name) => files.get(name) ?? base.readFile(name),
    directoryExists: (name) => [...files.keys()].some((file) => file.startsWith(`${name}/`)) || (base.directoryExists?.(name) ?? true),
    getSourceFile: (name, language, onError) => {
      const text = files.get(name);
      if (text !== undefined) return ts.createSourceFile(name, text, language, true);
      if (!sharedFiles.has(name)) sharedFiles.set(name, base.getSourceFile(name, language, onError));
      return sharedFiles.get(name);
    },
  };
  return ts.createProgram({ rootNames: [FIXTURE_FILE], options, host });
}

function toFixturePath(relative: string): string {
  return path.resolve(path.dirname(FIXTURE_FILE), relative);
}

/** Derives every `@tool()` method in `source`, in declaration order, as `typemcp build` would. */
export function deriveSource(source: string, modules: Record<string, string> = {}): Derived[] {
  const program = createFixtureProgram(source, modules);
  // A fixture with a type error would test the typo, not the derivation.
  const diagnostics = [FIXTURE_FILE, ...Object.keys(modules).map(toFixturePath)].flatMap((name) => {
    const file = program.getSourceFile(name);
    // Without a file, the program would answer for every file, framework sources included.
    return file ? [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)] : [];
  });
  if (diagnostics.length) {
    throw new Error(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("\n"));
  }
  const checker = program.getTypeChecker();
  const schemas = new SchemaGenerator(program);
  return findComponents(program)
    .filter((found) => found.kind === "tool")
    .map((found) => deriveTool(found, checker, schemas));
}
