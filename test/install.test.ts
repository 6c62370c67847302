import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { HOST_SERVERS, typemcp } from "./support/host-cli.js";

// `typemcp install` against real host config files in a temporary home: what it writes, what it
// keeps, and that a host reading the file starts the server (typemcp list --config reads the
// same mcpServers shape Claude Desktop does).

let home: string;
const env = () => ({ ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, ".config"), TYPEMCP_HOME: path.join(home, ".typemcp") });
const file = (...parts: string[]) => path.join(home, ...parts);
const read = (...parts: string[]) => fs.readFileSync(file(...parts), "utf8");
const json = (...parts: string[]) => JSON.parse(read(...parts));
const put = (text: string, ...parts: string[]) => {
  fs.mkdirSync(path.dirname(file(...parts)), { recursive: true });
  fs.writeFileSync(file(...parts), text);
};
const CLAUDE = [".config", "Claude", "claude_desktop_config.json"];
const CURSOR = [".cursor", "mcp.json"];
const GOOSE = [".config", "goose", "config.yaml"];
const VSCODE = [".config", "Code", "User", "mcp.json"];
const calc = { command: process.execPath, args: [HOST_SERVERS.calc] };

beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-install-"));
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

describe("typemcp install", () => {
  test("writes the server into each host's config, keeping everything else, and the host's own reading starts it", async () => {
    put('{\n    "mcpServers": {\n        "other": { "command": "other-server" }\n    },\n    "theme": "dark"\n}\n', ...CURSOR);
    put("GOOSE_PROVIDER: anthropic\nextensions:\n  developer:\n    enabled: true\n    type: builtin\n", ...GOOSE);
    const run = await typemcp(
      ["install", "claude-desktop", "cursor", "goose", "vscode", "--env", "LOG=debug", "--", "node", path.relative(process.cwd(), HOST_SERVERS.calc)],
      {
        env: env(),
      },
    );
    expect(run.status).toBe(0);
    const entry = { command: expect.stringMatching(/node$/), args: [HOST_SERVERS.calc], env: { LOG: "debug" } };
    expect(json(...CLAUDE)).toEqual({ mcpServers: { calc: entry } });
    // The other server and setting stay, in the file's own four-space indentation.
    expect(json(...CURSOR)).toEqual({ mcpServers: { other: { command: "other-server" }, calc: { type: "stdio", ...entry } }, theme: "dark" });
    expect(read(...CURSOR)).toContain('\n    "mcpServers": {\n        "other": {');
    expect(read(...CURSOR, "..", "mcp.json.bak")).toContain('"other": { "command": "other-server" }');
    expect(json(...VSCODE)).toEqual({ servers: { calc: { type: "stdio", ...entry } } });
    const node = json(...CLAUDE).mcpServers.calc.command;
    const goose = {
      name: "calc",
      type: "stdio",
      cmd: node,
      args: [HOST_SERVERS.calc],
      envs: { LOG: "debug" },
      env_keys: [],
      enabled: true,
      timeout: 300,
      description: "",
    };
    // One line, a JSON flow mapping (which is YAML), beside Goose's own extension and settings.
    expect(read(...GOOSE)).toBe(
      `GOOSE_PROVIDER: anthropic\nextensions:\n  calc: ${JSON.stringify(goose)}\n  developer:\n    enabled: true\n    type: builtin\n`,
    );
    expect(run.stdout).toContain(`Claude Desktop: added "calc" in ${file(...CLAUDE)}\n`);
    // What may hold tokens is the user's alone: a new config, and the record of what was written.
    expect([fs.statSync(file(...CLAUDE)).mode & 0o777, fs.statSync(file(".typemcp", "installed.json")).mode & 0o777]).toEqual([0o600, 0o600]);
    expect(run.stdout).toContain(`  the file as it was: ${file(...CURSOR)}.bak\n`);
    const listed = await typemcp(["list", "--config", file(...CLAUDE)], { env: env() });
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain("calc__divide");
  });

  test("--dry-run shows the change and writes nothing", async () => {
    const run = await typemcp(["install", "cursor", "--dry-run", "--", process.execPath, HOST_SERVERS.calc], { env: env() });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Checked: calc \S+ starts and lists \d+ tool\(s\)\.\n/);
    expect(run.stdout).toContain(`Cursor: would add "calc" in ${file(...CURSOR)}\n  + ${JSON.stringify({ type: "stdio", ...calc })}\n`);
    expect(fs.existsSync(file(...CURSOR))).toBe(false);
  });

  test("writes nowhere a server that does not start, saying why", async () => {
    const missing = path.join(home, "dist", "server.js");
    const run = await typemcp(["install", "cursor", "--", process.execPath, missing], { env: env() });
    expect(run.status).toBe(3);
    expect(run.stderr).toContain(`${missing} does not exist: build the server first`);
    expect(fs.existsSync(file(...CURSOR))).toBe(false);
  });

  test("leaves alone an entry of the same name it did not write, and a file with comments", async () => {
    put(`${JSON.stringify({ mcpServers: { calc: { command: "mine" } } })}\n`, ...CURSOR);
    put('{\n  // my servers\n  "servers": {}\n}\n', ...VSCODE);
    const run = await typemcp(["install", "cursor", "vscode", "--", process.execPath, HOST_SERVERS.calc], { env: env() });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `typemcp install: Cursor: ${file(...CURSOR)} already lists "calc", which typemcp did not write: choose another --name, or remove that entry there first.\n`,
    );
    expect(run.stderr).toMatch(
      /typemcp install: VS Code: .*mcp\.json is not plain JSON \(.*\); it may hold comments, which rewriting it would lose, so typemcp leaves it alone/,
    );
    expect(json(...CURSOR)).toEqual({ mcpServers: { calc: { command: "mine" } } });
    expect(run.stderr).toContain('The entry, to add by hand under "servers": {\n  "calc": {\n    "type": "stdio",');
    expect(read(...VSCODE)).toContain("// my servers");
  });

  test("says why Claude Desktop's file takes no HTTP server, and writes one for the hosts that do", async () => {
    const run = await typemcp(["install", "claude-desktop", "claude-code", "--url", "https://mcp.example.com/mcp", "--header", "Authorization: Bearer k"], {
      env: env(),
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      "typemcp install: Claude Desktop: Claude Desktop adds a remote (HTTP) server as a connector, in Settings › Connectors, not in its config file.\n",
    );
    expect(json(".claude.json")).toEqual({
      mcpServers: { "mcp.example.com": { type: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer k" } } },
    });
  });
});

describe("typemcp uninstall", () => {
  test("takes out only what install wrote, and refuses one changed since", async () => {
    expect((await typemcp(["install", "cursor", "claude-desktop", "--", process.execPath, HOST_SERVERS.calc], { env: env() })).status).toBe(0);
    // Someone edits Claude Desktop's entry by hand: it is theirs now.
    const claude = json(...CLAUDE);
    claude.mcpServers.calc.args.push("--verbose");
    put(JSON.stringify(claude), ...CLAUDE);
    const run = await typemcp(["uninstall", "cursor", "claude-desktop", "--name", "calc"], { env: env() });
    expect(run.status).toBe(2);
    expect(json(...CURSOR)).toEqual({ mcpServers: {} });
    expect(run.stdout).toContain(`Cursor: removed "calc" in ${file(...CURSOR)}\n  - ${JSON.stringify({ type: "stdio", ...calc })}\n`);
    expect(run.stderr).toContain(
      `typemcp uninstall: Claude Desktop: "calc" in ${file(...CLAUDE)} has changed since typemcp wrote it: remove it there by hand.\n`,
    );
    expect(json(...CLAUDE).mcpServers.calc.args).toEqual([HOST_SERVERS.calc, "--verbose"]);
    const again = await typemcp(["uninstall", "cursor", "--name", "calc"], { env: env() });
    expect(again.stderr).toContain(`typemcp uninstall: Cursor: typemcp did not install "calc" into ${file(...CURSOR)}, so it leaves it alone.\n`);
  });

  test("an unknown host is a usage error naming the nearest", async () => {
    const run = await typemcp(["install", "cursr", "--", process.execPath, HOST_SERVERS.calc], { env: env() });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'typemcp install: unknown host "cursr"; did you mean cursor? The hosts are claude-desktop, claude-code, cursor, vscode, gemini, goose.\n',
    );
  });
});
