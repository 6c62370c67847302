import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { installDeno } from "./support/deno.js";
import { fromRoot, ROOT } from "./support/paths.js";

describe("the code mode figures in docs/code-mode.md", { timeout: 300_000 }, () => {
  test("are what a run of the three tasks gives now (node scripts/code-mode-figures.mjs rewrites them), and code mode sends at least 95 % fewer bytes on each, 97 % on the task that reads a large result", () => {
    const run = spawnSync(process.execPath, ["scripts/code-mode-figures.mjs", "--check"], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 280_000,
      env: { ...process.env, TYPEMCP_DENO: installDeno() },
    });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("code mode figures are up to date\n");
    expect(run.status).toBe(0);
    const doc = fs.readFileSync(fromRoot("packages/framework/docs/code-mode.md"), "utf8");
    const saved = [...doc.matchAll(/^\| \*\*(\w+)\*\*:.*\n\| `--code` \|.*\| ([\d.]+) % \|$/gm)].map(([, task, percent]) => [task, Number(percent)]);
    expect(saved.map(([task]) => task)).toEqual(["churn", "booking", "reports"]);
    for (const [task, percent] of saved) expect(percent, task as string).toBeGreaterThanOrEqual(task === "churn" ? 97 : 95);
  });
});
