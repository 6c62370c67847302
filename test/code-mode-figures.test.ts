import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { installDeno } from "./support/deno.js";
import { fromRoot, ROOT } from "./support/paths.js";

describe("the code mode figures in docs/code-mode.md", { timeout: 300_000 }, () => {
  test("are what a run of the three tasks gives now (node scripts/code-mode-figures.mjs rewrites them), and code mode sends at least 97 % fewer bytes than every definition over each whole task", () => {
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
    // The whole task's bytes in each setting, not the rounded percentage.
    const whole = (row: string) => Number(row.split(" | ")[3]!.split(" ≈ ")[0]!.replaceAll(",", ""));
    const tasks = [...doc.matchAll(/^(\| \*\*(\w+)\*\*:.*)\n(\| `--code` \|.*)$/gm)].map(([, all, task, code]) => ({
      task,
      all: whole(all!),
      code: whole(code!),
    }));
    expect(tasks.map(({ task }) => task)).toEqual(["churn", "booking", "reports"]);
    for (const { task, all, code } of tasks) expect(code / all, `${task}: ${code} of ${all} bytes`).toBeLessThanOrEqual(0.03);
  });
});
