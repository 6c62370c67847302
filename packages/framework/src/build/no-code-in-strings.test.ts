// Module source is written as modules, where it is type-checked and linted: no framework source
// keeps JavaScript in a template string. A template whose text reads as module code (an import,
// an export, a require) fails here unless it is one of the few places below that generate a line
// of data-like code per build, each with its reason.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";

const SRC = fileURLToPath(new URL("..", import.meta.url));

/** Templates that are code made per build from data, by file and the start of their text. */
const GENERATED = [
  // One line per Node built-in a bundle loads on first use: `module.exports = require("node:…")`.
  { file: "build/bundle/bundle-entries.ts", starts: "module.exports = require(" },
  // The validator chunk as one string constant (its code is bundled from stubs/validator-chunk-entry.cts).
  { file: "build/bundle/validators-as-text.ts", starts: "const SOURCE = " },
  // The table naming the validators ajv's standalone code generated for one server's schemas.
  { file: "build/bundle/precompiled-validators.ts", starts: "${…}\nexport const TABLE = {" },
  // A model's program, wrapped so that its top-level `return` and `await` work in the sandbox, with
  // that run's setup; under workerd the module's one line of export is its request handler.
  { file: "host/code-mode/program-module.ts", starts: "${…}export default { fetch: () => " },
  // typemcp openapi writes the author's source from their spec: its import line (Int only when a
  // type uses it) and the class, named and configured per spec. The code every file shares is a
  // module, openapi/emitted/shared-request.ts, copied as text.
  { file: "openapi/tools-file.ts", starts: "import { type Context, " },
  { file: "openapi/tools-file.ts", starts: "${…}export class ${…} {" },
];

const MODULE_CODE =
  /(^|\n|\$\{…\})\s*(import\s+[\w{*"]|export\s+(default|const|function|class|\{|=)|module\.exports\s*=|(const|let|var)\s+\w+\s*=\s*require\()/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__fixtures__" ? [] : sourceFiles(full);
    return /\.c?ts$/.test(entry.name) && !entry.name.endsWith(".test.ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The text of every template literal in `file` (a substitution reads as `${…}`). */
function templatesOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    else if (ts.isTemplateExpression(node)) found.push(node.head.text + node.templateSpans.map((span) => `\${…}${span.literal.text}`).join(""));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("module source lives in modules", () => {
  test("no framework source keeps module code in a template string, beyond the generated lines listed", () => {
    const offending: string[] = [];
    const allowedSeen = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join("/");
      for (const text of templatesOf(file)) {
        if (!MODULE_CODE.test(text)) continue;
        const allowed = GENERATED.find((entry) => entry.file === relative && text.trimStart().startsWith(entry.starts));
        if (allowed) allowedSeen.add(`${allowed.file}: ${allowed.starts}`);
        else offending.push(`${relative}: ${text.slice(0, 80)}`);
      }
    }
    expect(offending).toEqual([]);
    // A listed place that no longer exists is taken off the list.
    expect([...allowedSeen].sort()).toEqual(GENERATED.map((entry) => `${entry.file}: ${entry.starts}`).sort());
  });

  test("the check sees module code in a template", () => {
    expect(MODULE_CODE.test('import nodeModule from "node:module";\nawait import(x);')).toBe(true);
    expect(MODULE_CODE.test('"use strict";\nconst nodeModule = require("node:module");')).toBe(true);
    expect(MODULE_CODE.test("typemcp build: 2 tool(s) from src/server.ts")).toBe(false);
  });
});
