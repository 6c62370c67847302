import ts from "./typescript.cjs";
import path from "node:path";
import { BuildError } from "../../errors/build-error.js";
import { applyNewerDefaults, readNewerConfigText } from "./newer-config.js";
import { majorOf, projectTypescriptVersion } from "./project-typescript.js";

/** Creates the one program a build uses, from a tsconfig.json; the config's own errors throw. */
export function loadProgram(configPath: string): ts.Program {
  const parsed = readProjectConfig(configPath);
  return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences });
}

/**
 * Reads a tsconfig.json (with its `extends` chain and file globs) as the project's own compiler
 * would: a project on TypeScript 6 or 7 gets that compiler's defaults and values (newer-config.ts),
 * though typemcp's TypeScript reads it. The config's own errors throw.
 */
export function readProjectConfig(configPath: string): ts.ParsedCommandLine {
  const absolute = path.resolve(configPath);
  if (!ts.sys.fileExists(absolute)) {
    throw new BuildError(
      "INVALID_CONFIGURATION",
      `there is no ${configPath} (${absolute}). Write one beside package.json, with "type": "module" in package.json:\n` +
        `{\n  "compilerOptions": { "target": "ES2022", "module": "nodenext", "strict": true, "skipLibCheck": true, "rootDir": "src", "outDir": "dist" },\n  "include": ["src"]\n}\n` +
        "or name yours with --project.",
      { setup: true },
    );
  }
  const projectVersion = projectTypescriptVersion(absolute);
  const newer = majorOf(projectVersion) >= 6;
  let configError: ts.Diagnostic | undefined;
  const parsed = ts.getParsedCommandLineOfConfigFile(absolute, undefined, {
    ...ts.sys,
    // Every file of the `extends` chain is read through here; sources are not.
    readFile: newer ? (file) => mapText(file, ts.sys.readFile(file)) : ts.sys.readFile,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      configError = diagnostic;
    },
  });
  const reader =
    projectVersion && projectVersion !== ts.version ? `\n(typemcp reads types with TypeScript ${ts.version}; this project's own is ${projectVersion})` : "";
  if (!parsed || configError) {
    const reason = configError ? ts.flattenDiagnosticMessageText(configError.messageText, "\n") : "unreadable";
    throw new BuildError("TYPE_CHECK_FAILED", `Cannot read ${configPath}: ${reason}${reader}`);
  }
  if (parsed.errors.length) throw new BuildError("TYPE_CHECK_FAILED", formatDiagnostics(parsed.errors) + reader);
  if (newer) applyNewerDefaults(parsed.options, absolute);
  return parsed;
}

function mapText(file: string, text: string | undefined): string | undefined {
  return text !== undefined && file.endsWith(".json") ? readNewerConfigText(file, text) : text;
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
