import ts from "./typescript.cjs";
import type { GeneratedTool } from "../../definitions/tool-definition.js";
import { viewEntryOf } from "./derive-view.js";

/**
 * Type-checks every tool's view (`@tool({ view })`) against the types it imports from the server,
 * with the build's own TypeScript: one program of the view files, on the project's compiler
 * options plus the browser's globals (DOM), in which a view's `connectView<Class, "method">()`
 * reads the method's current parameter and return types. Returns the errors in the view files
 * (and whatever else they import that the server program does not hold), so a view that reads
 * a property the tool no longer returns fails the build at its file and line.
 */
export function checkViews(program: ts.Program, tools: readonly GeneratedTool[]): ts.Diagnostic[] {
  const entries = [...new Set(tools.map((t) => t.view && viewEntryOf(t.view.html)).filter((e): e is string => e !== undefined))];
  if (!entries.length) return [];
  const options: ts.CompilerOptions = {
    ...program.getCompilerOptions(),
    lib: [...new Set([...(program.getCompilerOptions().lib ?? ["lib.es2022.d.ts"]), "lib.dom.d.ts", "lib.dom.iterable.d.ts"])],
    noEmit: true,
    // Views sit outside the server's rootDir and build: nothing here is emitted.
    rootDir: undefined,
    composite: false,
    declaration: false,
    incremental: false,
    tsBuildInfoFile: undefined,
  };
  const views = ts.createProgram({ rootNames: entries, options });
  // A view inside the server's program (its tsconfig includes DOM) is checked here too, with the view's globals.
  const own = views
    .getSourceFiles()
    .filter((f) => !f.isDeclarationFile && !views.isSourceFileFromExternalLibrary(f) && (!program.getSourceFile(f.fileName) || entries.includes(f.fileName)));
  const syntax = own.flatMap((f) => [...views.getSyntacticDiagnostics(f)]);
  if (syntax.length) return syntax;
  return own.flatMap((f) => [...views.getSemanticDiagnostics(f)]);
}
