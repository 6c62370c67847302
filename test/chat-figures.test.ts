import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { HOST_SERVERS, isBuilt } from "./support/host-cli.js";
import { ROOT } from "./support/paths.js";

const built = [HOST_SERVERS.calc, HOST_SERVERS.towns, HOST_SERVERS.weather].every(isBuilt);

describe("the chat figures in docs/chat.md", { timeout: 60_000 }, () => {
  test.skipIf(!built)("are what the repository's servers give now (node scripts/chat-figures.mjs rewrites them)", () => {
    const run = spawnSync(process.execPath, ["scripts/chat-figures.mjs", "--check"], { cwd: ROOT, encoding: "utf8", timeout: 50_000 });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("chat figures are up to date\n");
    expect(run.status).toBe(0);
  });
});
