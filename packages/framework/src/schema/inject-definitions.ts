import ts from "typescript";
import type { GeneratedTool } from "../tool-definition.js";
import { jsonToExpression } from "./json-to-expression.js";

/**
 * A `before` transformer for the build's emit: `@tool(options)` becomes
 * `@tool(options, <definition>)`, so the derived definition lives in the class's own module —
 * nothing to locate at run time, nothing to go stale, and a bundler keeps it.
 */
export function injectDefinitions(definitions: ReadonlyMap<ts.Decorator, GeneratedTool>): ts.TransformerFactory<ts.SourceFile> {
  return (context) => (file) => {
    if (![...definitions.keys()].some((d) => d.getSourceFile() === file)) return file;
    const visit = (node: ts.Node): ts.Node => {
      if (ts.isDecorator(node)) {
        const generated = definitions.get(node);
        if (generated && ts.isCallExpression(node.expression)) {
          const call = node.expression;
          const options = call.arguments[0] ?? ts.factory.createIdentifier("undefined");
          return ts.factory.updateDecorator(
            node,
            ts.factory.updateCallExpression(call, call.expression, call.typeArguments, [options, jsonToExpression(generated)]),
          );
        }
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitEachChild(file, visit, context);
  };
}
