import ts from "./typescript.cjs";

/**
 * Works out one file's value of one kind: `compute()`, or (in a kept project, `FileMemo`) the
 * value an earlier build worked out while nothing the file depends on has changed since.
 */
export type PerFile = <T>(kind: string, file: ts.SourceFile, compute: () => T) => T;

/** A `PerFile` that keeps nothing: every value worked out afresh. */
export const afresh: PerFile = (_kind, _file, compute) => compute();

/** The files a source file's meaning depends on (itself included), as the program resolved them. */
export type DependenciesOf = (file: ts.SourceFile) => readonly string[];

interface Remembered {
  /** The file and each file it depends on, as they were when the values were worked out. */
  readonly files: readonly ts.SourceFile[];
  readonly values: Map<string, unknown>;
}

/**
 * What one build of a kept project worked out per source file (its type errors, what its
 * decorated methods derive to, what it emits), kept for the next build of the same project: a
 * value is reused only while the file and every file it depends on are the very `SourceFile`
 * objects they were (a program built with `oldProgram` hands back the same object for a file
 * that did not change). So a one-file edit in `typemcp dev` re-checks, re-derives and re-emits
 * that file and what imports it, not the whole project.
 *
 * A change that can reach files without being imported by them (a declaration or script file,
 * a `declare module`/`declare global` block, other compiler options) forgets everything. Values
 * worked out during a build are kept only once it succeeds (`commit`), so an error that only a
 * whole-program check reports is never hidden by a value from a failed build.
 */
export class FileMemo {
  private kept = new Map<string, Remembered>();
  private pending = new Map<string, Remembered>();
  private program: ts.Program | undefined;
  private dependencies: DependenciesOf = () => [];
  private options = "";

  /** Starts a build of `program`: forgets what its changes since the last build may have touched. */
  begin(program: ts.Program, dependencies: DependenciesOf): void {
    const options = JSON.stringify(program.getCompilerOptions());
    if (options !== this.options || (this.program && changesReachEverything(this.program, program))) this.kept.clear();
    this.options = options;
    this.program = program;
    this.dependencies = dependencies;
    this.pending = new Map();
  }

  /** `compute()`'s value for `file`, or the one kept from an earlier build if nothing it depends on changed. */
  remember<T>(kind: string, file: ts.SourceFile, compute: () => T): T {
    const program = this.program;
    if (!program) return compute();
    const kept = this.kept.get(file.fileName);
    if (kept?.values.has(kind) && this.unchanged(kept, program)) return kept.values.get(kind) as T;
    let entry = this.pending.get(file.fileName);
    if (!entry) {
      const files = this.dependencies(file).flatMap((name) => program.getSourceFile(name) ?? []);
      entry = { files: files.includes(file) ? files : [file, ...files], values: new Map() };
      this.pending.set(file.fileName, entry);
    }
    const value = compute();
    entry.values.set(kind, value);
    return value;
  }

  /** Keeps what this build worked out, for the next one (call once the build succeeded). */
  commit(): void {
    for (const [name, entry] of this.pending) {
      const kept = this.kept.get(name);
      // Values of the same file state stay beside the new ones; a changed file's old values go.
      if (kept && this.program && this.unchanged(kept, this.program)) for (const [kind, value] of entry.values) kept.values.set(kind, value);
      else this.kept.set(name, entry);
    }
    this.pending = new Map();
  }

  private unchanged(entry: Remembered, program: ts.Program): boolean {
    return entry.files.every((file) => program.getSourceFile(file.fileName) === file);
  }
}

/**
 * Whether a file that changed, appeared or went between `before` and `after` can change the
 * meaning of files that do not import it: a declaration file, a script (its declarations are
 * global), or a module that augments another module or the global scope.
 */
function changesReachEverything(before: ts.Program, after: ts.Program): boolean {
  const old = new Map(before.getSourceFiles().map((file) => [file.fileName, file]));
  for (const file of after.getSourceFiles()) {
    if (old.get(file.fileName) === file) {
      old.delete(file.fileName);
      continue;
    }
    if (reachesEverything(file)) return true;
    const previous = old.get(file.fileName);
    if (previous && reachesEverything(previous)) return true;
    old.delete(file.fileName);
  }
  // What is left went away.
  for (const file of old.values()) if (reachesEverything(file)) return true;
  return false;
}

function reachesEverything(file: ts.SourceFile): boolean {
  return file.isDeclarationFile || !ts.isExternalModule(file) || file.statements.some((statement) => ts.isModuleDeclaration(statement));
}
