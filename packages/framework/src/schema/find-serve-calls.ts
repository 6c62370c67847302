import ts from "typescript";

/** The JSDoc tags that mark `serve()` and `RunningServer.add()` in typemcp's declarations. */
const SERVES_TAG = "typemcpServes";

/**
 * The files that call `serve()` (or `RunningServer.add()`), each with the classes of the
 * instances they pass. A file that calls `serve()` is a server's entry point.
 */
export function findServeCalls(program: ts.Program, checker: ts.TypeChecker): Map<ts.SourceFile, ts.ClassLikeDeclaration[]> {
  const found = new Map<ts.SourceFile, ts.ClassLikeDeclaration[]>();
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && isServeCall(node, checker)) {
        const classes = found.get(file) ?? [];
        const instance = node.arguments[0];
        const declaration = instance ? checker.getTypeAtLocation(instance).getSymbol()?.valueDeclaration : undefined;
        if (declaration && ts.isClassLike(declaration) && !classes.includes(declaration)) classes.push(declaration);
        found.set(file, classes);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

function isServeCall(call: ts.CallExpression, checker: ts.TypeChecker): boolean {
  let symbol = checker.getSymbolAtLocation(call.expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.declarations?.[0];
  return declaration !== undefined && ts.getJSDocTags(declaration).some((t) => t.tagName.text === SERVES_TAG);
}
