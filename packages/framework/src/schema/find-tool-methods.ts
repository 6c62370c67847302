import ts from "typescript";

/** One method carrying a `@tool(...)` decorator from typemcp. */
export interface ToolMethod {
  readonly method: ts.MethodDeclaration;
  readonly decorator: ts.Decorator;
  readonly klass: ts.ClassLikeDeclaration;
}

/** The JSDoc tag that marks typemcp's decorator functions, so a renamed import is still found. */
const DECORATOR_TAG = "typemcpDecorator";

/** Finds every `@tool()` method in the program's own source files, in declaration order. */
export function findToolMethods(program: ts.Program): ToolMethod[] {
  const checker = program.getTypeChecker();
  const found: ToolMethod[] = [];
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isMethodDeclaration(node) && node.parent && ts.isClassLike(node.parent)) {
        for (const decorator of ts.getDecorators(node) ?? []) {
          if (decoratorName(decorator, checker) === "tool") found.push({ method: node, decorator, klass: node.parent });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

/** The typemcp decorator a decorator expression calls (`tool`), or undefined for any other. */
export function decoratorName(decorator: ts.Decorator, checker: ts.TypeChecker): string | undefined {
  const expression = ts.isCallExpression(decorator.expression) ? decorator.expression.expression : decorator.expression;
  let symbol = checker.getSymbolAtLocation(expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.declarations?.[0];
  if (!declaration) return undefined;
  const tag = ts.getJSDocTags(declaration).find((t) => t.tagName.text === DECORATOR_TAG);
  return tag ? ts.getTextOfJSDocComment(tag.comment)?.trim() : undefined;
}
