import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { bundleEntries } from "./bundle-entries.js";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-bundle-entries-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Bundles `files` (name → JavaScript, in memory) from `entry`, writes the result and runs it. */
async function bundleAndRun(entry: string, files: Record<string, string>): Promise<{ output: string; written: string[] }> {
  const dir = fs.mkdtempSync(path.join(scratch, "build-"));
  const outputs = new Map(Object.entries(files).map(([name, text]) => [path.join(dir, name), text]));
  await bundleEntries({ outputs, entries: [path.join(dir, entry)], sources: new Map() });
  for (const [file, text] of outputs) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  const output = execFileSync(process.execPath, [path.join(dir, entry)], { encoding: "utf8", timeout: 20_000 });
  return { output, written: [...outputs.keys()].map((file) => path.relative(dir, file)).sort() };
}

describe("bundleEntries", () => {
  test("writes a loader in place of the entry and the bundle beside it", async () => {
    const { output, written } = await bundleAndRun("main.mjs", { "main.mjs": 'console.log("ran");\n' });
    expect(output).toBe("ran\n");
    expect(written).toEqual(["main.bundle.mjs", "main.mjs"]);
  });

  test("an author's class keeps its name where the bundler renames it to avoid a clash", async () => {
    const { output } = await bundleAndRun("main.mjs", {
      "main.mjs": 'import { A } from "./a.mjs";\nimport { B } from "./b.mjs";\nconsole.log(`${A.name} ${B.name}`);\n',
      "a.mjs": "export class Greeter {}\nexport const A = Greeter;\n",
      // The same top-level name in a second module: one of the two is renamed in the bundle.
      "b.mjs": "class Greeter {}\nexport const B = Greeter;\n",
    });
    expect(output).toBe("Greeter Greeter\n");
  });
});
