import { spawnSync } from "node:child_process";
import { expect, test } from "vitest";
import { ROOT, fromRoot } from "./support/paths.js";

test("typemcp/testing works under Node's own test runner, on built code", () => {
  const run = spawnSync(process.execPath, ["--test", fromRoot("test/node-runner/calculator.test.mjs")], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  expect(run.stdout).toMatch(/^# pass 2$/m);
  expect(run.stdout).toMatch(/^# fail 0$/m);
  expect(run.status).toBe(0);
});
