import ts from "./typescript.cjs";

/** A method's JSDoc summary: paragraphs kept, lines wrapped for the editor joined. */
export function methodDescription(method: ts.MethodDeclaration, checker: ts.TypeChecker): string | undefined {
  const symbol = checker.getSymbolAtLocation(method.name);
  const text = symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() : "";
  return text.replace(/([^\n])\n(?=[^\n])/g, "$1 ") || undefined;
}

/** A parameter's `@param` text, with TSDoc's "- " separator dropped. */
export function parameterDescription(param: ts.ParameterDeclaration, checker: ts.TypeChecker): string | undefined {
  const symbol = ts.isIdentifier(param.name) ? checker.getSymbolAtLocation(param.name) : undefined;
  const text = symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() : "";
  return text.replace(/^-\s+/, "") || undefined;
}
