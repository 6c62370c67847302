import ts from "./typescript.cjs";
import { afresh, type PerFile } from "./file-memo.js";

/** The three kinds of component a server offers, one per typemcp decorator. */
export type ComponentKind = "tool" | "resource" | "prompt";

/** One method carrying a typemcp decorator (`@tool()`, `@resource()` or `@prompt()`): a component. */
export interface FoundComponent {
  readonly kind: ComponentKind;
  readonly method: ts.MethodDeclaration;
  readonly decorator: ts.Decorator;
  readonly klass: ts.ClassLikeDeclaration;
}

const KINDS = new Set<string>(["tool", "resource", "prompt"]);

/** The JSDoc tag that marks typemcp's decorator functions, so a renamed import is still found. */
const DECORATOR_TAG = "typemcpDecorator";

/** Finds every `@tool()`, `@resource()` and `@prompt()` method in the program's own source files, in declaration order. */
export function findComponents(program: ts.Program, perFile: PerFile = afresh): FoundComponent[] {
  const checker = program.getTypeChecker();
  const found: FoundComponent[] = [];
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) continue;
    found.push(...perFile("components", file, () => componentsIn(file, checker)));
  }
  return found;
}

function componentsIn(file: ts.SourceFile, checker: ts.TypeChecker): FoundComponent[] {
  const found: FoundComponent[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isMethodDeclaration(node) && node.parent && ts.isClassLike(node.parent)) {
      for (const decorator of ts.getDecorators(node) ?? []) {
        const kind = decoratorName(decorator, checker);
        if (kind && KINDS.has(kind)) found.push({ kind: kind as ComponentKind, method: node, decorator, klass: node.parent });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
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

/**
 * The name a component is served under, as far as the source says: a tool's or prompt's literal
 * `name` option, else its method's name; a resource's URI (`(expression)` when not a literal).
 */
export function servedName(found: FoundComponent): string {
  const call = ts.isCallExpression(found.decorator.expression) ? found.decorator.expression : undefined;
  const first = call?.arguments[0];
  if (found.kind === "resource") return first && ts.isStringLiteralLike(first) ? first.text : `(${first?.getText() ?? "?"})`;
  if (first && ts.isObjectLiteralExpression(first)) {
    for (const p of first.properties) {
      if (ts.isPropertyAssignment(p) && p.name.getText() === "name" && ts.isStringLiteralLike(p.initializer)) return p.initializer.text;
    }
  }
  return found.method.name.getText();
}
