import ts from "typescript";
import { fileURLToPath } from "node:url";
import { deriveTool, type Derived } from "../derive-tool.js";
import { findToolMethods } from "../find-tool-methods.js";
import { SchemaGenerator } from "../schema-generator.js";

/** The path the fixture source pretends to live at; build errors point into it. */
export const FIXTURE_FILE = fileURLToPath(new URL("./virtual/tools.ts", import.meta.url));

// `typemcp` resolves to the module declaring `tool`, not index.ts: the runtime's SDK, zod and ajv
// typings would make typescript-json-schema scan ~250 files per fixture (1.5 s each) instead of ~65.
const TOOL_DECORATOR = fileURLToPath(new URL("../../decorators/tool.ts", import.meta.url));

const options: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts"],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  skipLibCheck: true,
  types: [],
  baseUrl: fileURLToPath(new URL("../../../", import.meta.url)),
  paths: { typemcp: [TOOL_DECORATOR] },
};

// Lib and framework files parse the same for every fixture; sharing them keeps each program cheap.
const sharedFiles = new Map<string, ts.SourceFile | undefined>();

/** Builds an in-memory program holding `source` as its only root file. */
export function createFixtureProgram(source: string): ts.Program {
  const base = ts.createCompilerHost(options, true);
  const host: ts.CompilerHost = {
    ...base,
    fileExists: (name) => name === FIXTURE_FILE || base.fileExists(name),
    readFile: (name) => (name === FIXTURE_FILE ? source : base.readFile(name)),
    getSourceFile: (name, language, onError) => {
      if (name === FIXTURE_FILE) return ts.createSourceFile(name, source, language, true);
      if (!sharedFiles.has(name)) sharedFiles.set(name, base.getSourceFile(name, language, onError));
      return sharedFiles.get(name);
    },
  };
  return ts.createProgram({ rootNames: [FIXTURE_FILE], options, host });
}

/** Derives every `@tool()` method in `source`, in declaration order, as `typemcp build` would. */
export function deriveSource(source: string): Derived[] {
  const program = createFixtureProgram(source);
  // A fixture with a type error would test the typo, not the derivation.
  const file = program.getSourceFile(FIXTURE_FILE);
  const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
  if (diagnostics.length) {
    throw new Error(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("\n"));
  }
  const checker = program.getTypeChecker();
  const schemas = new SchemaGenerator(program);
  return findToolMethods(program).map((found) => deriveTool(found, checker, schemas));
}
