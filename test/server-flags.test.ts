import { describe, expect, test } from "vitest";
import { CALC_SERVER, ROOT } from "./support/paths.js";
import { runAsync } from "./support/run.js";

// A mistyped flag used to be ignored: `node dist/calc.js --htpp` served stdio and seemed to hang.
describe("a built server's flags", () => {
  test.concurrent.each([
    [["--htpp"], "typemcp: unknown flag --htpp; did you mean --http? (a server's own flags go after --)\n"],
    [["--http", "--prot", "3000"], "typemcp: unknown flag --prot; did you mean --port? (a server's own flags go after --)\n"],
    [["--http", "--port=0"], 'typemcp: unknown flag --port=0: write --port 0, with a space, not "=".\n'],
  ])("%j: exits 2 with one line on stderr naming the flag and the fix, and nothing on stdout", async (args, message) => {
    const run = await runAsync(process.execPath, [CALC_SERVER, ...args], { cwd: ROOT, allowFailure: true });
    expect(run.stderr).toBe(message);
    expect(run.stdout).toBe("");
    expect(run.status).toBe(2);
  });

  test("refuses --port without --http, which used to serve stdio silently, saying to add --http", async () => {
    const run = await runAsync(process.execPath, [CALC_SERVER, "--port", "3000"], { cwd: ROOT, allowFailure: true });
    expect(run.stderr).toBe(
      "typemcp: --port 3000 is a setting of HTTP serving, but this server is serving stdio: add --http to serve HTTP, or leave --port out.\n",
    );
    expect(run.stdout).toBe("");
    expect(run.status).toBe(1);
  });

  test("leaves what follows -- to the server's own code, and serves", async () => {
    // stdin is closed at once: a stdio server that started exits 0 at its end, having said nothing.
    const run = await runAsync(process.execPath, [CALC_SERVER, "--stdio", "--", "--verbose"], { cwd: ROOT, allowFailure: true });
    expect(run).toMatchObject({ status: 0, stdout: "", stderr: "" });
  });

  test("reads none of its own flags after --: `-- --http --port 0` is still a stdio server", async () => {
    const run = await runAsync(process.execPath, [CALC_SERVER, "--", "--http", "--port", "0"], { cwd: ROOT, allowFailure: true });
    expect(run).toMatchObject({ status: 0, stdout: "", stderr: "" });
  });
});
