import path from "node:path";
import ts from "../schema/typescript.cjs";
import { describe, expect, test } from "vitest";
import { filesLoadedBy } from "./files-loaded-by.js";

// Emitted JavaScript by path, each with the source file it came from.
function build(files: Record<string, string>) {
  const outputs = new Map<string, string>();
  const sources = new Map<string, ts.SourceFile>();
  for (const [name, text] of Object.entries(files)) {
    const emitted = path.resolve("dist", `${name}.js`);
    outputs.set(emitted, text);
    sources.set(emitted, ts.createSourceFile(path.resolve("src", `${name}.ts`), "", ts.ScriptTarget.Latest));
  }
  return { outputs, sources };
}

describe("filesLoadedBy", () => {
  test("follows imports, re-exports, import() and require() from the entry, and nothing else", () => {
    const { outputs, sources } = build({
      server: `#!/usr/bin/env node\nimport { serve } from "typemcp";\nimport { A } from "./a.js";\nexport * from "./b.js";\nconst c = require("./c");\nawait import("./d.js");\nserve(new A());`,
      a: `import fs from "node:fs";\nexport class A {}`,
      b: `export const b = 1;`,
      c: `module.exports = require("./nested/index.js");`,
      d: ``,
      "nested/index": ``,
      unused: `export class Unused {}`,
    });
    const loaded = filesLoadedBy(path.resolve("dist/server.js"), outputs, sources, {});
    expect([...loaded].map((source) => path.relative(path.resolve("src"), source.fileName)).sort()).toEqual(
      ["a.ts", "b.ts", "c.ts", "d.ts", path.join("nested", "index.ts"), "server.ts"].sort(),
    );
  });
});
