import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { type CodeBlock, codeBlocks, documentationFiles } from "./support/markdown.js";
import { fromRoot } from "./support/paths.js";

// Every TypeScript block of the READMEs and docs pages is compiled, with the repository's
// TypeScript, against the built `typemcp` package (its published .d.ts files, as a reader's
// project sees them). A block that is only part of a program says so on the line before its
// fence: `<!-- fragment: why -->`. The blocks of one page form one project, so a block headed
// `// src/server.ts` can import the `./greeter.js` that a block headed `// src/greeter.ts` wrote.
// What a block assumes without showing it (a database, the app it is mounted in) is declared in a
// `<!-- given: declare const db: Db; -->` comment before its fence, so the rest is still checked.

/** Where a page's blocks pretend to live: under the repository, so `typemcp` and vitest resolve. */
const SANDBOX = fromRoot(".docs-examples");

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  types: ["node"],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
};

const FILE_HEADER = /^\/\/ ((?:[\w.-]+\/)*[\w.-]+\.tsx?)\b/;

/** A block's files: one per `// path.ts` header line it holds, else one named for its line. */
function filesOf(block: CodeBlock, dir: string): { name: string; text: string }[] {
  const lines = block.code.split("\n");
  const files: { name: string; lines: string[] }[] = [];
  for (const [i, line] of lines.entries()) {
    const header = FILE_HEADER.exec(line);
    if (header && (i === 0 || lines[i - 1]!.trim() === "")) files.push({ name: header[1]!, lines: [] });
    else if (files.length === 0) files.push({ name: `block-${block.line}.ts`, lines: [] });
    files.at(-1)!.lines.push(line);
  }
  // Blank lines before the block's own line keep the compiler's line numbers those of the page.
  return files.map((file, i) => ({
    name: path.join(dir, file.name),
    text: `${i === 0 ? (block.given ?? "") + "\n".repeat(block.line) : ""}${file.lines.join("\n")}\nexport {};\n`,
  }));
}

/** The TypeScript blocks of every page that are not marked as fragments. */
function checkedBlocks(): CodeBlock[] {
  return documentationFiles()
    .flatMap(codeBlocks)
    .filter((block) => /^(ts|typescript)$/.test(block.lang) && block.fragment === undefined);
}

describe("the TypeScript examples of the docs and READMEs", () => {
  test("each compiles against the built typemcp package", { timeout: 60_000 }, () => {
    const files = new Map<string, string>();
    for (const block of checkedBlocks()) {
      const dir = path.join(SANDBOX, block.file.replace(/[/.]/g, "_"));
      for (const file of filesOf(block, dir)) {
        expect(files.has(file.name), `${block.file}:${block.line} writes ${file.name} a second time`).toBe(false);
        files.set(file.name, file.text);
      }
    }
    const host = ts.createCompilerHost(OPTIONS);
    const { fileExists, readFile, getSourceFile } = host;
    host.fileExists = (name) => files.has(name) || fileExists(name);
    host.readFile = (name) => files.get(name) ?? readFile(name);
    host.directoryExists = (name) => name.startsWith(SANDBOX) || ts.sys.directoryExists(name);
    host.getSourceFile = (name, version, onError) => {
      const text = files.get(name);
      return text === undefined ? getSourceFile(name, version, onError) : ts.createSourceFile(name, text, version);
    };
    const program = ts.createProgram([...files.keys()], OPTIONS, host);
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file
        ? `${path.relative(SANDBOX, diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
        : "";
      return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
    });
    expect(problems).toEqual([]);
  });

  test("reads the blocks of the root README and the framework's pages", () => {
    const pages = new Set(checkedBlocks().map((block) => block.file));
    expect(pages).toContain("README.md");
    expect(pages).toContain("packages/framework/README.md");
    expect(pages).toContain("packages/framework/docs/tools-and-types.md");
    // The sandbox is only a name: were it a real folder, files in it could shadow the blocks.
    expect(fs.existsSync(SANDBOX)).toBe(false);
  });
});
