import { afresh, type PerFile } from "./file-memo.js";
import ts from "./typescript.cjs";

/** The JSDoc tag on `serve()`, `createServer()` and `add()`: calls whose instances are served together. */
const SERVES_TAG = "typemcpServes";
/** The JSDoc tag on `serve()`: a file that calls it is a server's entry point. */
const ENTRY_TAG = "typemcpEntry";

/** What one source file serves. */
export interface ServedByFile {
  /** The classes of the instances it passes to `serve()`, `createServer()` and `add()`. */
  readonly classes: ts.ClassLikeDeclaration[];
  /** Whether it calls `serve()`, which makes it an entry point. */
  entry: boolean;
}

/**
 * The files that call `serve()`, `createServer()` or a server's `add()`, with what each serves;
 * each file's walk through `perFile`, so a kept project walks only the files a change can reach.
 */
export function findServeCalls(program: ts.Program, checker: ts.TypeChecker, perFile: PerFile = afresh): Map<ts.SourceFile, ServedByFile> {
  const found = new Map<ts.SourceFile, ServedByFile>();
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) continue;
    const served = perFile("serve-calls", file, () => servedIn(file, checker));
    if (served) found.set(file, served);
  }
  return found;
}

function servedIn(file: ts.SourceFile, checker: ts.TypeChecker): ServedByFile | undefined {
  let served: ServedByFile | undefined;
  const visit = (node: ts.Node): void => {
    const tags = ts.isCallExpression(node) ? tagsOfCallee(node, checker) : [];
    if (ts.isCallExpression(node) && tags.includes(SERVES_TAG)) {
      served ??= { classes: [], entry: false };
      served.entry ||= tags.includes(ENTRY_TAG);
      const first = node.arguments[0];
      const instances = first && ts.isArrayLiteralExpression(first) ? [...first.elements] : first ? [first] : [];
      for (const instance of instances) {
        const declaration = checker.getTypeAtLocation(instance).getSymbol()?.valueDeclaration;
        if (declaration && ts.isClassLike(declaration) && !served.classes.includes(declaration)) served.classes.push(declaration);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return served;
}

function tagsOfCallee(call: ts.CallExpression, checker: ts.TypeChecker): string[] {
  let symbol = checker.getSymbolAtLocation(call.expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.declarations?.[0];
  return declaration ? ts.getJSDocTags(declaration).map((t) => t.tagName.text) : [];
}
