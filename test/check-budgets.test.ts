// The size budgets CI holds the source to (scripts/check-budgets.mjs), run on a small checkout
// of their own: each kind of overrun is refused in words naming the place, and the list of
// exceptions can only shrink.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { fromRoot } from "./support/paths.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function checkout(files: Record<string, string>, budgets: object): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "budgets-"));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  fs.writeFileSync(path.join(root, "budgets.json"), JSON.stringify({ fileLines: 300, functionLines: 80, repeatedBlocks: 0, exceptions: [], ...budgets }));
  return root;
}

function check(root: string) {
  const run = spawnSync(process.execPath, [fromRoot("scripts/check-budgets.mjs"), "--root", root], { encoding: "utf8" });
  return { status: run.status, out: run.stdout + run.stderr };
}

const lines = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i)).join("\n");
const longFunction = `export function long(): number {\n  let n = 0;\n${lines(80, (i) => `  n += ${i};`)}\n  return n;\n}\n`;

describe("the size budgets", () => {
  test("hold a tree within them, and say so", () => {
    const root = checkout({ "packages/a/src/small.ts": "export const one = 1;\n" }, {});
    expect(check(root)).toEqual({ status: 0, out: expect.stringContaining("Budgets hold: 1 source files") });
  });

  test("refuse a file over 300 lines and a function over 80, naming each; tests and fixtures are not held to them", () => {
    const root = checkout(
      {
        "packages/a/src/big.ts": `${lines(301, (i) => `export const v${i} = ${i};`)}\n`,
        "packages/a/src/fn.ts": longFunction,
        "packages/a/src/fn.test.ts": longFunction,
        "packages/a/src/__fixtures__/fn.ts": longFunction,
      },
      {},
    );
    const { status, out } = check(root);
    expect(status).toBe(1);
    expect(out).toContain("packages/a/src/big.ts: 301 lines, over the budget of 300.");
    expect(out).toContain("packages/a/src/fn.ts: function long has 84 lines, over the budget of 80.");
    expect(out).not.toContain("fn.test.ts");
    expect(out).not.toContain("__fixtures__");
  });

  test("let a listed exception be as long as listed, no longer, and ask for its removal once it fits", () => {
    const listed = { path: "packages/a/src/fn.ts", function: "long", max: 84, why: "a test" };
    expect(check(checkout({ "packages/a/src/fn.ts": longFunction }, { exceptions: [listed] })).status).toBe(0);
    const grown = check(checkout({ "packages/a/src/fn.ts": longFunction }, { exceptions: [{ ...listed, max: 83 }] }));
    expect(grown.out).toContain("function long has 84 lines, over the 83 budgets.json allows it (a test)");
    const fits = check(checkout({ "packages/a/src/fn.ts": "export function long(): number {\n  return 1;\n}\n" }, { exceptions: [listed] }));
    expect(fits.out).toContain("function long has 3 lines, within the budget of 80 now: remove its entry from budgets.json.");
    const gone = check(checkout({ "packages/a/src/other.ts": "export const one = 1;\n" }, { exceptions: [listed] }));
    expect(gone.out).toContain("budgets.json lists packages/a/src/fn.ts#long, which names no source file or function: remove the entry.");
  });

  test("count a block of six lines written twice, but not imports, comments or braces", () => {
    const block = lines(6, (i) => `  total = total * ${i + 2} + step(${i});`);
    const twice = {
      "packages/a/src/one.ts": `import { step } from "./step.js";\nexport function one(total: number): number {\n${block}\n  return total;\n}\n`,
      "packages/b/src/two.ts": `import { step } from "./step.js";\nexport function two(total: number): number {\n${block}\n  return -total;\n}\n`,
    };
    const { status, out } = check(checkout(twice, {}));
    expect(status).toBe(1);
    expect(out).toContain("1 blocks of 6 or more lines stand in two places, more than the 0 budgets.json allows.");
    expect(out).toContain("packages/a/src/one.ts:3-8 ~ packages/b/src/two.ts:3-8");
    const imports = lines(8, (i) => `  name${i},`);
    const onlyImports = {
      "packages/a/src/one.ts": `import {\n${imports}\n} from "./names.js";\n// ${lines(6, () => "same").replace(/\n/g, "\n// ")}\n`,
      "packages/b/src/two.ts": `import {\n${imports}\n} from "./names.js";\n// ${lines(6, () => "same").replace(/\n/g, "\n// ")}\n`,
    };
    expect(check(checkout(onlyImports, {})).status).toBe(0);
  });
});
