import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, test } from "vitest";
import { codeBlocks } from "./support/markdown.js";
import { fromRoot } from "./support/paths.js";

// A project set up as packages/framework/README.md says ("Add it to a project you have", "Your
// first server") must pass its own `tsc --noEmit`: with the README's tsconfig and no @types/node,
// typemcp's and the SDK's declaration files failed it (`Cannot find module 'node:http'`,
// `Cannot find name 'Buffer'`) though `typemcp build` passed. The project lives outside the
// repository, so nothing it was not told to install (the workspace's own @types) can help it;
// the packages the README's install line names are linked from the workspace.

const README = "packages/framework/README.md";
const project = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-readme-project-"));
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

/** Where the workspace keeps a package the README tells a user to install. */
function installed(name: string): string {
  return name === "typemcp" ? fromRoot("packages/framework") : fs.realpathSync(fromRoot(`node_modules/${name}`));
}

describe("a project set up as the framework's README says", () => {
  test("type-checks with its own tsc, typemcp's and the SDK's declaration files included", { timeout: 120_000 }, () => {
    const blocks = codeBlocks(README);
    const install = blocks.find((block) => block.lang === "sh" && block.code.startsWith("npm install --save-dev typemcp"))!;
    const packages = install.code.trim().split(/\s+/).slice(3);
    expect(packages).toContain("typemcp");
    const tsconfig = blocks.find((block) => block.lang === "json" && block.code.includes('"compilerOptions"'))!;
    const sources = blocks.filter((block) => block.lang === "ts" && /^\/\/ src\/\w+\.ts\n/.test(block.code));
    expect(sources.map((block) => block.code.split("\n")[0])).toEqual(["// src/greeter.ts", "// src/server.ts"]);

    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "readme-project", type: "module" }));
    fs.writeFileSync(path.join(project, "tsconfig.json"), tsconfig.code);
    for (const block of sources) {
      const file = path.join(project, block.code.split("\n")[0]!.slice(3));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, block.code);
    }
    for (const name of packages.filter((name) => name !== "typescript")) {
      const link = path.join(project, "node_modules", name);
      fs.mkdirSync(path.dirname(link), { recursive: true });
      fs.symlinkSync(installed(name), link, "dir");
    }

    const config = ts.getParsedCommandLineOfConfigFile(path.join(project, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    const program = ts.createProgram(config.fileNames, { ...config.options, noEmit: true });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file ? path.basename(d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    expect(problems).toEqual([]);
    expect(config.fileNames.map((file) => path.relative(project, file)).sort()).toEqual([path.join("src", "greeter.ts"), path.join("src", "server.ts")]);
  });
});
