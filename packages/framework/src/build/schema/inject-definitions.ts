import ts from "./typescript.cjs";

/** A derived definition and the argument position of the decorator call it goes in. */
export interface Injection {
  readonly generated: unknown;
  /** 1 for `@tool(options)` and `@prompt(options)`, 2 for `@resource(uri, options)`. */
  readonly position: number;
}

/** The function each emitted file with definitions declares at its end (see {@link DefinitionTables}). */
const TABLE = "__typemcpDefinition";
/** The function that returns a tool's view page, declared beside the table when a definition has a view. */
const PAGES = "__typemcpViewPage";

/**
 * The definitions written into each emitted file, as JSON text: each decorator call gets
 * `__typemcpDefinition(n)`, and the file ends with that function, which parses the n-th text
 * (a fresh object per call, as an object literal gave). A function declaration is hoisted, so it
 * is there when the class's decorators run, and written after the code no line of the source map
 * moves. Printing a definition as JSON text costs a fraction of printing it as syntax, which was
 * half the emit of a many-tool file.
 *
 * A view's page (hundreds of kilobytes: the page and its MCP Apps client) is not in the JSON
 * text: each is the string a function returns, and the definition's `view.html` reads it when
 * asked (a resources/read of the view). Parsed and copied with its definition, it cost a server
 * with a view about 7 % of its start-up; a function never called costs nothing at start.
 */
export class DefinitionTables {
  private readonly byFile = new Map<string, string[]>();
  /** The view page of each definition that has one, by its index in its file's table. */
  private readonly pagesByFile = new Map<string, Map<number, string>>();

  /** Keeps `definition` for `fileName`; returns the expression that reads it back. */
  add(fileName: string, definition: unknown): ts.Expression {
    const texts = this.byFile.get(fileName) ?? [];
    this.byFile.set(fileName, texts);
    const view = (definition as { view?: { html?: unknown } }).view;
    if (typeof view?.html === "string") {
      const pages = this.pagesByFile.get(fileName) ?? new Map<number, string>();
      this.pagesByFile.set(fileName, pages);
      pages.set(texts.length, view.html);
      definition = { ...(definition as object), view: { ...view, html: "" } };
    }
    texts.push(JSON.stringify(definition, finiteOnly));
    return ts.factory.createCallExpression(ts.factory.createIdentifier(TABLE), undefined, [ts.factory.createNumericLiteral(texts.length - 1)]);
  }

  /** `text`, emitted from `fileName`, with its table declared at the end (before the source map comment). */
  appendTo(fileName: string, text: string): string {
    const texts = this.byFile.get(fileName);
    if (!texts?.length) return text;
    const pages = this.pagesByFile.get(fileName);
    const table =
      `\n// The definitions typemcp derived from this file's types, one JSON text per decorator.\n` +
      `function ${TABLE}(n) {\n  const definition = JSON.parse((${TABLE}.texts || (${TABLE}.texts = [\n    ${texts.map((t) => JSON.stringify(t)).join(",\n    ")},\n  ]))[n]);\n` +
      (pages?.size
        ? `  if (definition.view) Object.defineProperty(definition.view, "html", { enumerable: true, configurable: true, get: () => ${PAGES}(n) });\n`
        : "") +
      `  return definition;\n}\n` +
      pagesTable(pages);
    const mapComment = /\n\/\/# sourceMappingURL=[^\n]*\s*$/.exec(text);
    return mapComment ? text.slice(0, mapComment.index) + table + text.slice(mapComment.index) : text + table;
  }
}

// The function the views' pages are read from, a declaration of its own at the top of the module:
// never called, it is never compiled.
function pagesTable(pages: Map<number, string> | undefined): string {
  if (!pages?.size) return "";
  const cases = [...pages].map(([n, html]) => `    case ${n}: return ${JSON.stringify(html)};`).join("\n");
  return `function ${PAGES}(n) {\n  switch (n) {\n${cases}\n  }\n}\n`;
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
