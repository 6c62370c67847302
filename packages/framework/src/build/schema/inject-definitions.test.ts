import { describe, expect, test } from "vitest";
import { DefinitionTables } from "./inject-definitions.js";

/** Runs the table `appendTo` wrote into an otherwise empty module, and returns its reader. */
function readerOf(text: string): (n: number) => Record<string, any> {
  return new Function(`${text}\nreturn __typemcpDefinition;`)() as (n: number) => Record<string, any>;
}

describe("the definitions table of an emitted file", () => {
  test("gives each decorator a fresh copy of its definition", () => {
    const tables = new DefinitionTables();
    tables.add("a.js", { method: "add", inputSchema: { type: "object" } });
    const read = readerOf(tables.appendTo("a.js", ""));
    expect(read(0)).toEqual({ method: "add", inputSchema: { type: "object" } });
    expect(read(0)).not.toBe(read(0));
  });

  test("keeps a view's page out of the JSON text it parses at start, and reads it when asked", () => {
    const tables = new DefinitionTables();
    const page = `<!doctype html><script>const s = "quotes \\" and \\u2028";</script>${"x".repeat(10_000)}`;
    tables.add("a.js", { method: "plain" });
    tables.add("a.js", { method: "shown", view: { html: page, prefersBorder: true } });
    const text = tables.appendTo("a.js", "");
    // The JSON texts parsed for the decorators hold no page; a function never called returns it.
    const texts = text.slice(0, text.indexOf("function __typemcpViewPage"));
    expect(texts).not.toContain("x".repeat(100));
    const read = readerOf(text);
    expect(read(0)).toEqual({ method: "plain" });
    const shown = read(1);
    expect(shown.view.html).toBe(page);
    expect(shown.view.prefersBorder).toBe(true);
    // A copy of the view (a spread, JSON) carries its page.
    expect({ ...shown.view }.html).toBe(page);
    expect(JSON.parse(JSON.stringify(shown)).view.html).toBe(page);
  });
});
