import ts from "./typescript.cjs";

/** The JSDoc tag on typemcp's `Context` interface, so the build knows it by declaration, not by name. */
const CONTEXT_TAG = "typemcpContext";

/** Whether a parameter of `type` is typemcp's `Context`: injected at call time, never in a schema. */
export function isContextType(type: ts.Type): boolean {
  const declaration = (type.aliasSymbol ?? type.getSymbol())?.declarations?.[0];
  return declaration !== undefined && ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === CONTEXT_TAG);
}

/** A parameter of `Context` type (optional or not). */
export function isContextParameter(param: ts.ParameterDeclaration, checker: ts.TypeChecker): boolean {
  return isContextType(checker.getNonNullableType(checker.getTypeAtLocation(param)));
}
