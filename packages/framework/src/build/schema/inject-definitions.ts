import ts from "./typescript.cjs";
import { jsonToExpression } from "./json-to-expression.js";

/** A derived definition and the argument position of the decorator call it goes in. */
export interface Injection {
  readonly generated: unknown;
  /** 1 for `@tool(options)` and `@prompt(options)`, 2 for `@resource(uri, options)`. */
  readonly position: number;
}

/**
 * A `before` transformer for the build's emit: `@tool(options)` becomes
 * `@tool(options, <definition>)` (and `@resource(uri)` becomes `@resource(uri, undefined, <definition>)`),
 * so the derived definition lives in the class's own module — nothing to locate at run time,
 * nothing to go stale, and a bundler keeps it.
 */
export function injectDefinitions(definitions: ReadonlyMap<ts.Decorator, Injection>): ts.TransformerFactory<ts.SourceFile> {
  return (context) => (file) => {
    if (![...definitions.keys()].some((d) => d.getSourceFile() === file)) return file;
    const visit = (node: ts.Node): ts.Node => {
      if (ts.isDecorator(node)) {
        const injection = definitions.get(node);
        if (injection && ts.isCallExpression(node.expression)) {
          const call = node.expression;
          const args: ts.Expression[] = [];
          for (let i = 0; i < injection.position; i++) args.push(call.arguments[i] ?? ts.factory.createIdentifier("undefined"));
          args.push(jsonToExpression(injection.generated));
          return ts.factory.updateDecorator(node, ts.factory.updateCallExpression(call, call.expression, call.typeArguments, args));
        }
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitEachChild(file, visit, context);
  };
}
