import ts from "./typescript.cjs";

/** The JSDoc tag on the overload `ctx.elicit<T>(message, options?)`, whose schema the build derives from `T`. */
const DERIVED_TAG = "typemcpDerivedElicitation";

/** A call `ctx.elicit<T>(message, options?)` in the author's code, whose requested schema the build derives. */
export interface FoundElicitation {
  readonly call: ts.CallExpression;
  /** Where `T` is written; undefined when the call names no type (`ctx.elicit(message)`). */
  readonly typeArgument: ts.TypeNode | undefined;
}

/**
 * Every call of `Context.elicit` in `files` that takes the typed overload (no schema argument),
 * known by the declaration the checker resolves it to, not by the name of the variable.
 */
export function findElicitations(files: readonly ts.SourceFile[], checker: ts.TypeChecker): FoundElicitation[] {
  const found: FoundElicitation[] = [];
  for (const file of files) {
    // Most files never mention it: skip the walk and the signature resolution there.
    if (!file.text.includes("elicit")) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && isElicitCallee(node.expression) && isDerivedOverload(node, checker)) {
        found.push({ call: node, typeArgument: node.typeArguments?.[0] });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

function isElicitCallee(callee: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(callee) && callee.name.text === "elicit";
}

function isDerivedOverload(call: ts.CallExpression, checker: ts.TypeChecker): boolean {
  const declaration = checker.getResolvedSignature(call)?.declaration;
  return declaration !== undefined && ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === DERIVED_TAG);
}
