import ts from "typescript";

/** One method carrying a `@tool(...)` decorator from typemcp. */
export interface ToolMethod {
  readonly method: ts.MethodDeclaration;
  readonly decorator: ts.Decorator;
  readonly klass: ts.ClassLikeDeclaration;
}

/** Which typemcp decorator a method carries. */
export type MemberKind = "tool" | "resource" | "prompt";

/** One method carrying a typemcp decorator. */
export interface MemberMethod extends ToolMethod {
  readonly kind: MemberKind;
}

const KINDS = new Set<string>(["tool", "resource", "prompt"]);

/** The JSDoc tag that marks typemcp's decorator functions, so a renamed import is still found. */
const DECORATOR_TAG = "typemcpDecorator";

/** Finds every `@tool()` method in the program's own source files, in declaration order. */
export function findToolMethods(program: ts.Program): ToolMethod[] {
  return findMembers(program).filter((m) => m.kind === "tool");
}

/** Finds every `@tool()`, `@resource()` and `@prompt()` method, in declaration order. */
export function findMembers(program: ts.Program): MemberMethod[] {
  const checker = program.getTypeChecker();
  const found: MemberMethod[] = [];
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isMethodDeclaration(node) && node.parent && ts.isClassLike(node.parent)) {
        for (const decorator of ts.getDecorators(node) ?? []) {
          const kind = decoratorName(decorator, checker);
          if (kind && KINDS.has(kind)) found.push({ kind: kind as MemberKind, method: node, decorator, klass: node.parent });
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
