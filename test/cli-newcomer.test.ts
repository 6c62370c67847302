import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { TYPEMCP_CLI } from "./support/paths.js";
import { runAsync } from "./support/run.js";

// A newcomer's rough edges, as the `typemcp` command answers them. Typos: one line naming the
// nearest command, option or file, exit 2, and nothing else (no whole help, no compiler stack).
// A server that was never built: the host says to build it, above Node's MODULE_NOT_FOUND.
const project = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-typos-"));
fs.mkdirSync(path.join(project, "src"));
fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "typos", type: "module", bin: "dist/server.js" }));
fs.writeFileSync(
  path.join(project, "tsconfig.json"),
  JSON.stringify({ compilerOptions: { module: "nodenext", strict: true, rootDir: "src", outDir: "dist" } }),
);
fs.writeFileSync(path.join(project, "src", "server.ts"), 'import { serve } from "typemcp";\nserve([], { name: "typos", version: "1.0.0" });\n');
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

const typemcp = (...args: string[]) => runAsync(process.execPath, [TYPEMCP_CLI, ...args], { cwd: project, allowFailure: true });

describe("typemcp, given a typo", () => {
  test("names the nearest command for a mistyped one, in one line instead of the whole help", async () => {
    const run = await typemcp("biuld");
    expect(run.stderr).toBe('typemcp: unknown command "biuld"; did you mean typemcp build? (typemcp --help says more)\n');
    expect(run.stdout).toBe("");
    expect(run.status).toBe(2);
  });

  test("lists the commands for a name that is near none of them", async () => {
    const run = await typemcp("frobnicate");
    expect(run.stderr).toBe(
      'typemcp: unknown command "frobnicate"; the commands are build, dev, pack, install, uninstall, list, call, chat, types, openapi, view (typemcp --help says more)\n',
    );
    expect(run.status).toBe(2);
  });

  test.each([
    [["build", "--tagret", "workers"], "Unknown option --tagret for typemcp build; did you mean --target? See typemcp build --help."],
    [["build", "--target", "wokers"], 'unknown --target "wokers" (did you mean workers?)'],
    [["list", "--ulr", "http://127.0.0.1:9/mcp"], "Unknown option --ulr for typemcp list; did you mean --url? See typemcp list --help."],
    [["call", "calc__add", "--agr", "a=1", "--", "node", "x.js"], "Unknown option --agr for typemcp call; did you mean --arg? See typemcp call --help."],
    [
      ["chat", "--modle", "m", "--provider", "ollama", "--", "node", "x.js"],
      "Unknown option --modle for typemcp chat; did you mean --model? See typemcp chat --help.",
    ],
    [["view", "--prot", "0", "--url", "http://127.0.0.1:9/mcp"], "Unknown option --prot for typemcp view; did you mean --port? See typemcp view --help."],
    [["dev", "--htpp"], "typemcp dev: unknown option --htpp; did you mean --http?"],
    [["openapi", "spec.yaml", "--tags", "books"], "Unknown option --tags for typemcp openapi; did you mean --tag? See typemcp openapi --help."],
  ])("typemcp %j names the option it meant", async (args, message) => {
    const run = await typemcp(...args);
    expect(run.stderr).toContain(message);
    expect(run.status).toBe(2);
  });

  test.each(["types", "openapi"])("typemcp %s --help prints that command's part of the help", async (command) => {
    const run = await typemcp(command, "--help");
    expect(run.stdout.startsWith(`Usage: typemcp ${command} `)).toBe(true);
    expect(run.status).toBe(0);
  });

  test("typemcp build with a mistyped option prints one line, not the whole help after it", async () => {
    const run = await typemcp("build", "--tagret", "workers");
    expect(run.stderr).toBe("typemcp build: Unknown option --tagret for typemcp build; did you mean --target? See typemcp build --help.\n");
    expect(run.stdout).toBe("");
  });

  test("typemcp dev with a mistyped entry says there is no such file and names the nearest, without a compiler stack", async () => {
    const run = await typemcp("dev", path.join("src", "sever.ts"));
    expect(run.stderr).toBe(`typemcp dev: there is no file ${path.join("src", "sever.ts")}; did you mean ${path.join("src", "server.ts")}?\n`);
    expect(run.status).toBe(2);
  });
});

describe("typemcp build, given a setup that cannot build", () => {
  test('refuses a tsconfig with "noEmit" with exit 2, naming the setting, not the entry point', async () => {
    const config = path.join(project, "tsconfig.noemit.json");
    fs.writeFileSync(config, JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { noEmit: true } }));
    const run = await typemcp("build", "--project", config);
    expect(run.stderr).toContain('the tsconfig.json sets "noEmit": true, so the build would write no JavaScript to serve.');
    expect(run.stderr).not.toContain("no entry point");
    expect(run.status).toBe(2);
  });

  test("says what to write when there is no tsconfig.json, with exit 2", async () => {
    const run = await typemcp("build", "--project", "tsconfig.missing.json");
    expect(run.stderr).toContain("there is no tsconfig.missing.json");
    expect(run.stderr).toContain('"include": ["src"]');
    expect(run.status).toBe(2);
  });
});

describe("typemcp, given a server that was never built", () => {
  test("says the entry does not exist and to build it, above the stack Node printed", async () => {
    const entry = path.join(project, "dist", "server.js");
    const run = await typemcp("list", "--", process.execPath, entry);
    expect(run.stderr).toContain(
      `closed the connection before answering initialize.\n${entry} does not exist: build the server first (typemcp build, or its package's build script), or fix the path.\nIts stderr ended with:\n`,
    );
    expect(run.stderr).toContain("MODULE_NOT_FOUND");
    expect(run.status).toBe(3);
  });
});
