import type ts from "typescript";
import fs from "node:fs";
import path from "node:path";
import { BuildError } from "../../errors/build-error.js";
import type { PerFile } from "../schema/file-memo.js";
import { findServeCalls } from "../schema/find-serve-calls.js";

/** Where a server package's entry points come from, most explicit first. */
export interface EntryOptions {
  readonly packageDir: string;
  readonly program: ts.Program;
  /** The emitted JavaScript files, with the source each came from. */
  readonly sources: ReadonlyMap<string, ts.SourceFile>;
  /** `--entry` values: source or emitted files, relative to the working directory. */
  readonly explicit: readonly string[];
  /** How each file's `serve()` calls are found: in `typemcp dev`, kept from the build that derived the tools. */
  readonly perFile?: PerFile;
}

/** The package.json fields entry discovery reads. */
interface Manifest {
  bin?: string | Record<string, string>;
  typemcp?: { entry?: string | string[] };
}

/**
 * The emitted JavaScript files to bundle, as absolute paths. `--entry` files, else the
 * package.json `"typemcp": { "entry": … }` files, else every file that calls `serve()`, every
 * `bin` target and every file that starts with `#!`. An entry named explicitly that the
 * program does not compile is an error.
 */
export function findEntries(options: EntryOptions): string[] {
  const manifest = readManifest(options.packageDir);
  const named = options.explicit.length
    ? options.explicit.map((e) => ({ file: path.resolve(e), from: `--entry ${e}` }))
    : [manifest.typemcp?.entry ?? []].flat().map((e) => ({ file: path.resolve(options.packageDir, e), from: `package.json "typemcp.entry" ${e}` }));
  if (named.length) return named.map(({ file, from }) => toEmitted(file, from, options.sources));

  const found = new Set<string>();
  const bins = typeof manifest.bin === "string" ? [manifest.bin] : Object.values(manifest.bin ?? {});
  for (const bin of bins) {
    const file = path.resolve(options.packageDir, bin);
    if (options.sources.has(file)) found.add(file);
  }
  const servers = new Set(
    [...findServeCalls(options.program, options.program.getTypeChecker(), options.perFile)].filter(([, s]) => s.entry).map(([file]) => file),
  );
  for (const [emitted, source] of options.sources) {
    if (servers.has(source) || source.text.startsWith("#!")) found.add(emitted);
  }
  return [...found];
}

function toEmitted(file: string, from: string, sources: ReadonlyMap<string, ts.SourceFile>): string {
  if (sources.has(file)) return file;
  for (const [emitted, source] of sources) if (path.resolve(source.fileName) === file) return emitted;
  throw new BuildError(
    "INVALID_CONFIGURATION",
    `${from}: the build compiles no such file. Name a source file the tsconfig.json includes (like src/server.ts), or the file it compiles to.`,
  );
}

function readManifest(dir: string): Manifest {
  const file = path.join(dir, "package.json");
  if (!fs.existsSync(file)) return {};
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  } catch (error) {
    throw new BuildError("INVALID_CONFIGURATION", `${path.relative(process.cwd(), file)} is not valid JSON: ${(error as Error).message}`);
  }
}
