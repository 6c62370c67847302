import ts from "./typescript.cjs";

/** A derived definition and the argument position of the decorator call it goes in. */
export interface Injection {
  readonly generated: unknown;
  /** 1 for `@tool(options)` and `@prompt(options)`, 2 for `@resource(uri, options)`. */
  readonly position: number;
}

/** The function each emitted file with definitions declares at its end (see {@link DefinitionTables}). */
const TABLE = "__typemcpDefinition";
/** The function that holds the pages of a file's views (see {@link DefinitionTables}). */
const PAGES = "__typemcpViewPage";

/**
 * The definitions written into each emitted file, as JSON text: each decorator call gets
 * `__typemcpDefinition(n)`, and the file ends with that function, which parses the n-th text
 * (a fresh object per call, as an object literal gave). A function declaration is hoisted, so it
 * is there when the class's decorators run, and written after the code no line of the source map
 * moves. Printing a definition as JSON text costs a fraction of printing it as syntax, which was
 * half the emit of a many-tool file.
 *
 * A view's page (`view.html`, hundreds of KB once bundled) is kept out of those texts, in a
 * function of its own that `view.html` reads when first asked for: the decorators run at every
 * start, and compiling and parsing the page there was most of what a server with a view paid at
 * start beyond one without. Only a `resources/read` of the view reads it.
 */
export class DefinitionTables {
  private readonly byFile = new Map<string, { texts: string[]; pages: string[]; pageOf: Record<number, number> }>();

  /** Keeps `definition` for `fileName`; returns the expression that reads it back. */
  add(fileName: string, definition: unknown): ts.Expression {
    const table = this.byFile.get(fileName) ?? { texts: [], pages: [], pageOf: {} };
    this.byFile.set(fileName, table);
    const view = (definition as { view?: { html?: unknown } } | undefined)?.view;
    let kept = definition;
    if (typeof view?.html === "string") {
      const { html, ...rest } = view;
      table.pageOf[table.texts.length] = table.pages.push(html) - 1;
      kept = { ...(definition as object), view: rest };
    }
    table.texts.push(JSON.stringify(kept, finiteOnly));
    return ts.factory.createCallExpression(ts.factory.createIdentifier(TABLE), undefined, [ts.factory.createNumericLiteral(table.texts.length - 1)]);
  }

  /** `text`, emitted from `fileName`, with its table declared at the end (before the source map comment). */
  appendTo(fileName: string, text: string): string {
    const table = this.byFile.get(fileName);
    if (!table?.texts.length) return text;
    const parse = `JSON.parse((${TABLE}.texts || (${TABLE}.texts = [\n    ${table.texts.map((t) => JSON.stringify(t)).join(",\n    ")},\n  ]))[n])`;
    const code = table.pages.length
      ? `function ${TABLE}(n) {\n  const definition = ${parse};\n  const page = ${JSON.stringify(table.pageOf)}[n];\n` +
        `  if (page !== undefined) Object.defineProperty(definition.view, "html", { enumerable: true, configurable: true, get: () => ${PAGES}(page) });\n` +
        `  return definition;\n}\n` +
        `// The pages of this file's views, read only when a client reads one.\n` +
        `function ${PAGES}(n) {\n  return [\n    ${table.pages.map((p) => JSON.stringify(p)).join(",\n    ")},\n  ][n];\n}\n`
      : `function ${TABLE}(n) {\n  return ${parse};\n}\n`;
    const tableText = `\n// The definitions typemcp derived from this file's types, one JSON text per decorator.\n${code}`;
    const mapComment = /\n\/\/# sourceMappingURL=[^\n]*\s*$/.exec(text);
    return mapComment ? text.slice(0, mapComment.index) + tableText + text.slice(mapComment.index) : text + tableText;
  }
}

function finiteOnly(_key: string, value: unknown): unknown {
  if (typeof value === "number" && !Number.isFinite(value)) throw new TypeError(`${value} has no JSON form`);
  return value;
}

/**
 * A `before` transformer for the build's emit: `@tool(options)` becomes
 * `@tool(options, <definition>)` (and `@resource(uri)` becomes `@resource(uri, undefined, <definition>)`),
 * so the derived definition lives in the class's own module — nothing to locate at run time,
 * nothing to go stale, and a bundler keeps it. The definition is read from `tables`.
 */
export function injectDefinitions(definitions: ReadonlyMap<ts.Decorator, Injection>, tables: DefinitionTables): ts.TransformerFactory<ts.SourceFile> {
  return (context) => (file) => {
    if (![...definitions.keys()].some((d) => d.getSourceFile() === file)) return file;
    const visit = (node: ts.Node): ts.Node => {
      if (ts.isDecorator(node)) {
        const injection = definitions.get(node);
        if (injection && ts.isCallExpression(node.expression)) {
          const call = node.expression;
          const args: ts.Expression[] = [];
          for (let i = 0; i < injection.position; i++) args.push(call.arguments[i] ?? ts.factory.createIdentifier("undefined"));
          args.push(tables.add(file.fileName, injection.generated));
          return ts.factory.updateDecorator(node, ts.factory.updateCallExpression(call, call.expression, call.typeArguments, args));
        }
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitEachChild(file, visit, context);
  };
}
