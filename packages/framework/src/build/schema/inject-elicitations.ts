import ts from "./typescript.cjs";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { jsonToExpression } from "./json-to-expression.js";

/**
 * A `before` transformer for the build's emit: `ctx.elicit<T>(message, options?)` becomes
 * `ctx.elicit<T>(message, <schema of T>, options?)`, the explicit form the runtime serves, so
 * the derived schema travels inside the call itself, as a tool's definition travels inside its
 * decorator call (`injectDefinitions`).
 */
export function injectElicitations(schemas: ReadonlyMap<ts.CallExpression, JsonSchema>): ts.TransformerFactory<ts.SourceFile> {
  return (context) => (file) => {
    // The file may come transformed already (`injectDefinitions` runs first): compare with the program's own.
    const original = ts.getOriginalNode(file);
    if (![...schemas.keys()].some((call) => call.getSourceFile() === original)) return file;
    const visit = (node: ts.Node): ts.Node => {
      const visited = ts.visitEachChild(node, visit, context);
      const schema = ts.isCallExpression(node) ? schemas.get(ts.getOriginalNode(node) as ts.CallExpression) : undefined;
      if (!schema || !ts.isCallExpression(visited)) return visited;
      const [message = ts.factory.createIdentifier("undefined"), ...rest] = visited.arguments;
      return ts.factory.updateCallExpression(visited, visited.expression, visited.typeArguments, [message, jsonToExpression(schema), ...rest]);
    };
    return ts.visitEachChild(file, visit, context);
  };
}
