import ts from "./typescript.cjs";
import path from "node:path";
import { BuildError } from "../errors/build-error.js";

/** Creates the one program a build uses, from a tsconfig.json; the config's own errors throw. */
export function loadProgram(configPath: string): ts.Program {
  const parsed = readProjectConfig(configPath);
  return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences });
}

/** Reads a tsconfig.json (with its `extends` chain and file globs); the config's own errors throw. */
export function readProjectConfig(configPath: string): ts.ParsedCommandLine {
  const absolute = path.resolve(configPath);
  let configError: ts.Diagnostic | undefined;
  const parsed = ts.getParsedCommandLineOfConfigFile(absolute, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      configError = diagnostic;
    },
  });
  if (!parsed || configError) {
    const reason = configError ? ts.flattenDiagnosticMessageText(configError.messageText, "\n") : "unreadable";
    throw new BuildError("TYPE_CHECK_FAILED", `Cannot read ${configPath}: ${reason}`);
  }
  if (parsed.errors.length) throw new BuildError("TYPE_CHECK_FAILED", formatDiagnostics(parsed.errors));
  return parsed;
}

/** Diagnostics as tsc prints them: file(line,col): error TSxxxx: message. */
export function formatDiagnostics(diagnostics: readonly ts.Diagnostic[]): string {
  return ts
    .formatDiagnostics(diagnostics, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => "\n",
    })
    .trimEnd();
}
