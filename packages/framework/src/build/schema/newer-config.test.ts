import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { libraryName } from "./library-name.js";
import { readProjectConfig } from "./load-program.js";
import { readNewerConfigText } from "./newer-config.js";
import ts from "./typescript.cjs";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A project folder with a tsconfig.json and, if `version` is given, an installed `typescript` of that version. */
function project(compilerOptions: Record<string, unknown>, version?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-newer-config-"));
  folders.push(dir);
  fs.mkdirSync(path.join(dir, "src"));
  fs.writeFileSync(path.join(dir, "src/index.ts"), "export const x = 1;\n");
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }));
  if (version) {
    fs.mkdirSync(path.join(dir, "node_modules/typescript"), { recursive: true });
    fs.writeFileSync(path.join(dir, "node_modules/typescript/package.json"), JSON.stringify({ name: "typescript", version }));
  }
  return path.join(dir, "tsconfig.json");
}

describe("a tsconfig.json written for TypeScript 6 or 7", () => {
  test("keeps what 5.9 knows and maps or leaves out what it does not", () => {
    const text = `{
      // comments are fine
      "compilerOptions": {
        "target": "ES2025", "module": "nodenext", "moduleResolution": "nodenext",
        "lib": ["ES2025", "es2025.collection", "dom", "esnext.temporal"],
        "ignoreDeprecations": "6.0", "stableTypeOrdering": true, "strict": false, "outDir": "dist",
      },
      "include": ["src"],
    }`;
    expect(JSON.parse(readNewerConfigText("tsconfig.json", text))).toEqual({
      compilerOptions: {
        target: "esnext",
        module: "nodenext",
        moduleResolution: "nodenext",
        lib: ["esnext", "esnext.collection", "dom"],
        strict: false,
        outDir: "dist",
      },
      include: ["src"],
    });
  });

  test("is read with 6.0's defaults where the chain sets nothing, and refused values pass", () => {
    const config = project({ target: "es2025", ignoreDeprecations: "6.0", lib: ["es2025", "dom"], outDir: "out" }, "7.0.2");
    const { options } = readProjectConfig(config);
    expect(options).toMatchObject({
      strict: true,
      target: ts.ScriptTarget.ESNext,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
      rootDir: path.dirname(config),
      esModuleInterop: true,
    });
    expect(options.lib).toEqual(["lib.esnext.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"]);
  });

  test("settings the project made stay as they are", () => {
    const { options } = readProjectConfig(project({ strict: false, module: "nodenext", rootDir: "src", types: ["node"] }, "6.0.3"));
    expect(options.strict).toBe(false);
    expect(options.module).toBe(ts.ModuleKind.NodeNext);
    expect(options.types).toEqual(["node"]);
    expect(options.rootDir).toMatch(/\/src$/);
  });

  test("a project on TypeScript 5 keeps 5's defaults and refusals, naming both versions", () => {
    expect(readProjectConfig(project({}, "5.9.3")).options.strict).toBeUndefined();
    expect(() => readProjectConfig(project({ target: "es2025" }, "5.4.5"))).toThrow(
      /Argument for '--target' option must be[\s\S]*\(typemcp reads types with TypeScript 5\.9\.3; this project's own is 5\.4\.5\)/,
    );
  });
});

test("standard-library types are known by where their file is, not by its no-default-lib header (TypeScript 6.0 dropped it)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-lib-header-"));
  folders.push(dir);
  const index = path.join(dir, "index.ts");
  fs.writeFileSync(index, "export declare const tags: Set<string>;\nexport declare const when: Date;\n");
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, types: [], noEmit: true };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile;
  // The lib files as 6.0 ships them: the same declarations without the header.
  host.getSourceFile = (fileName, language) => {
    const file = getSourceFile(fileName, language);
    if (!file || !/\/lib\.[\w.]*d\.ts$/.test(fileName)) return file;
    return ts.createSourceFile(fileName, file.text.replace('/// <reference no-default-lib="true"/>', ""), language);
  };
  const program = ts.createProgram([index], options, host);
  expect(ts.getPreEmitDiagnostics(program)).toEqual([]);
  expect(program.getSourceFiles().filter((file) => file.hasNoDefaultLib)).toEqual([]);
  const checker = program.getTypeChecker();
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(index)!)!);
  const typeOf = (name: string) => checker.getTypeOfSymbol(exports.find((symbol) => symbol.name === name)!);
  expect(libraryName(typeOf("tags"))).toBe("Set");
  expect(libraryName(typeOf("when"))).toBe("Date");
});
