import ts from "./typescript.cjs";
import { BuildError } from "../../errors/build-error.js";
import { assertTypeChecks, emitWithDefinitions } from "./build-project.js";
import type { BuildWarning } from "./build-warning.js";
import { deriveDefinitions, type Derivation } from "./derive-definitions.js";
import { deriveElicitations, type Elicitations } from "./derive-elicitations.js";
import { FileMemo } from "./file-memo.js";
import { findComponents } from "./find-components.js";
import { readProjectConfig } from "./load-program.js";

/** One file compiled the way `typemcp build` compiles it, for a module loader. */
export interface TransformedFile {
  readonly code: string;
  /** A source map back to the TypeScript, as JSON. */
  readonly map: string | undefined;
  readonly warnings: readonly BuildWarning[];
  /** What the file's decorated methods derived to (a tool's view is bundled from it). */
  readonly components: Derivation["components"];
}

/**
 * One TypeScript project kept in memory across changes: each rebuild reuses every source file
 * that did not change (lib files included), so a one-file edit costs a re-check, not a re-parse.
 * `typemcp dev` rebuilds through it; the `typemcp/vite` plugin compiles files one at a time.
 */
export class ProjectSession {
  /** What each build of this project worked out per file, for the next (`buildProgram`'s `memory`). */
  readonly memory = new FileMemo();
  private readonly files = new Map<string, ts.SourceFile>();
  private program: ts.Program | undefined;
  // Kept for what it knows of each file's imports (`getAllDependencies`); its own caches go unused.
  private builder: ts.SemanticDiagnosticsBuilderProgram | undefined;
  private versions = 0;
  private stale = true;
  private derivations = new Map<string, Derivation & { readonly elicitations: Elicitations }>();

  constructor(
    /** Path to the project's tsconfig.json. */
    readonly configPath: string,
    /** Compiler options laid over the config's (the plugin emits source maps instead of declarations). */
    private readonly overrides: ts.CompilerOptions = {},
  ) {}

  /** Forgets what it read of `fileNames` (they changed on disk); the next `current()` reads them again. */
  invalidate(fileNames: Iterable<string>): void {
    const names = [...fileNames];
    for (const fileName of names) this.files.delete(fileName);
    // Even a file the program did not have counts: it may be new, so the config's globs are read again.
    if (names.length) this.stale = true;
  }

  /** The program for the project as it is now, built again only after `invalidate`. */
  current(): ts.Program {
    if (this.program && !this.stale) return this.program;
    const parsed = readProjectConfig(this.configPath);
    const options = { ...parsed.options, ...this.overrides };
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, language, onError, create) => {
      const cached = this.files.get(fileName);
      if (cached) return cached;
      const file = read(fileName, language, onError, create);
      if (file) {
        // The builder tells files apart by version: each file read anew is a new one.
        (file as { version?: string }).version = String(++this.versions);
        this.files.set(fileName, file);
      }
      return file;
    };
    const builder = ts.createSemanticDiagnosticsBuilderProgram(parsed.fileNames, options, host, this.builder, undefined, parsed.projectReferences);
    this.builder = builder;
    this.program = builder.getProgram();
    this.memory.begin(this.program, (file) => builder.getAllDependencies(file));
    this.stale = false;
    this.derivations = new Map();
    return this.program;
  }

  /** Whether `fileName` is one of the project's own source files. */
  includes(fileName: string): boolean {
    const file = this.current().getSourceFile(fileName);
    return file !== undefined && !file.isDeclarationFile && !this.current().isSourceFileFromExternalLibrary(file);
  }

  /**
   * Compiles one source file as `typemcp build` would: type-checked, each decorated method's
   * definition derived and written into its decorator. `text` is the file as the caller read
   * it; when it differs from what the session holds, the session reads the file again.
   * Throws a `BuildError` for type errors and an `AggregateError` of `BuildError`s for
   * signatures that cannot be served, with the build's own messages.
   */
  transform(fileName: string, text?: string): TransformedFile {
    if (text !== undefined && this.files.get(fileName)?.text !== text) this.invalidate([fileName]);
    const program = this.current();
    const file = program.getSourceFile(fileName);
    if (!file) throw new BuildError("TYPE_CHECK_FAILED", `${fileName} is not part of the project ${this.configPath}.`);
    assertTypeChecks([
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]);
    const derivation = this.derive(program, file);
    if (derivation.errors.length)
      throw Object.assign(new AggregateError(derivation.errors, `${derivation.errors.length} signature(s) cannot be served`), {
        warnings: derivation.warnings,
      });
    let code = "";
    let map: string | undefined;
    emitWithDefinitions(
      program,
      derivation.definitions,
      (name, output) => {
        if (name.endsWith(".map")) map = output;
        else if (/\.[cm]?js$/.test(name)) code = output;
      },
      file,
      derivation.elicitations.schemas,
    );
    return { code: code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n"), map, warnings: derivation.warnings, components: derivation.components };
  }

  private derive(program: ts.Program, file: ts.SourceFile): Derivation & { readonly elicitations: Elicitations } {
    let derivation = this.derivations.get(file.fileName);
    if (!derivation) {
      const components = deriveDefinitions(
        program,
        findComponents(program).filter((m) => m.method.getSourceFile() === file),
      );
      // The file's `ctx.elicit<T>(message)` calls are derived with it; their errors stop it the same way.
      const elicitations = deriveElicitations(program, [file]);
      derivation = { ...components, errors: [...components.errors, ...elicitations.errors], elicitations };
      this.derivations.set(file.fileName, derivation);
    }
    return derivation;
  }
}
