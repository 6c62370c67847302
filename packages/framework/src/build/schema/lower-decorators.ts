import ts from "./typescript.cjs";
import { writtenModuleKind } from "./module-kind.js";

/**
 * With `"target": "ESNext"` TypeScript leaves TC39 decorators as written, and no Node version
 * parses them (nor esbuild, in the `@(0, typemcp_1.tool)(…)` form a CommonJS emit gives them).
 * Rewrites each such emitted file with its decorators lowered to ES2022 and the rest as it was,
 * so every file the build writes runs. Other targets and `experimentalDecorators` need nothing.
 */
export function lowerDecorators(outputs: Map<string, string>, sources: ReadonlyMap<string, ts.SourceFile>, options: ts.CompilerOptions): void {
  if (options.experimentalDecorators || (options.target ?? ts.ScriptTarget.ES5) < ts.ScriptTarget.ESNext) return;
  for (const [file, source] of sources) {
    const text = outputs.get(file);
    if (text === undefined || !hasDecorators(source)) continue;
    const module = writtenModuleKind(text, file) === "cjs" ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext;
    const lowered = ts.transpileModule(text, {
      fileName: file,
      compilerOptions: { allowJs: true, target: ts.ScriptTarget.ES2022, module, useDefineForClassFields: options.useDefineForClassFields ?? true },
    });
    outputs.set(file, lowered.outputText);
  }
}

function hasDecorators(source: ts.SourceFile): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.canHaveDecorators(node) && ts.getDecorators(node)?.length) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
