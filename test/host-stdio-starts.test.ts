import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HOST_SERVERS, typemcp, writeMcpConfig } from "./support/host-cli.js";
import { fromRoot } from "./support/paths.js";
import { TWO_ERA_SERVER } from "./support/two-era-server.js";

const STRICT_2025_SERVER = fromRoot("test/fixtures/strict-2025-server.mjs");

// How many times the host starts each stdio server: every server runs under node with a preload
// that appends its pid to the file named by $STARTS as the process starts, before any MCP.
describe("typemcp starts each stdio server once", () => {
  let dir: string;
  let preload: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-starts-"));
    preload = path.join(dir, "record-start.cjs");
    fs.writeFileSync(preload, 'require("node:fs").appendFileSync(process.env.STARTS, `${process.pid}\\n`);\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** An mcp.json entry for `node <script> …args` that records each start in `<dir>/<name>.starts`. */
  function counted(name: string, script: string, args: string[] = []): [string, object] {
    return [name, { command: process.execPath, args: ["--require", preload, script, ...args], env: { STARTS: path.join(dir, `${name}.starts`) } }];
  }

  /** How many processes each server of the run was started as. */
  function starts(names: readonly string[]): Record<string, number> {
    return Object.fromEntries(
      names.map((name) => {
        const file = path.join(dir, `${name}.starts`);
        return [name, fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").length : 0];
      }),
    );
  }

  test("auto: one process for a 2026-07-28 server and for 2025-11-25 servers that answer or ignore the probe; two for one that exits on it", {
    timeout: 60_000,
  }, async () => {
    const servers = Object.fromEntries([
      counted("calc", HOST_SERVERS.calc),
      counted("two-era", TWO_ERA_SERVER),
      counted("everything", HOST_SERVERS.everything, ["stdio"]),
      counted("silent", STRICT_2025_SERVER, ["--silent"]),
      counted("exits", STRICT_2025_SERVER, ["--exit"]),
    ]);
    const config = writeMcpConfig(fs.mkdtempSync(path.join(dir, "auto-")), servers);
    // --timeout is also how long the probe waits on the server that ignores it, and it bounds each
    // of the five starting side by side: 10 s is room for a loaded machine.
    const run = await typemcp(["list", "--verbose", "--timeout", "10000", "--config", config, ...Object.keys(servers)], { timeoutMs: 50_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^exits__ping +- +Answer pong\.$/m);
    expect(run.stdout).toMatch(/^silent__ping +- +Answer pong\.$/m);
    expect(starts(Object.keys(servers))).toEqual({ calc: 1, "two-era": 1, everything: 1, silent: 1, exits: 2 });
    // One probe per server: the one that exits on it is not probed again on its second start.
    expect(run.stderr.match(/"method":"server\/discover"/g)).toHaveLength(5);
  });

  test("pinned: one process for a 2026-07-28 server and for a 2025-11-25 one", async () => {
    const servers2026 = Object.fromEntries([counted("pinned-calc", HOST_SERVERS.calc)]);
    const servers2025 = Object.fromEntries([counted("pinned-everything", HOST_SERVERS.everything, ["stdio"])]);
    const [run2026, run2025] = await Promise.all([
      typemcp(["list", "--protocol", "2026-07-28", "--config", writeMcpConfig(fs.mkdtempSync(path.join(dir, "servers2026-")), servers2026), "pinned-calc"]),
      typemcp([
        "list",
        "--protocol",
        "2025-11-25",
        "--config",
        writeMcpConfig(fs.mkdtempSync(path.join(dir, "servers2025-")), servers2025),
        "pinned-everything",
      ]),
    ]);
    expect([run2026.status, run2025.status]).toEqual([0, 0]);
    expect(starts(["pinned-calc", "pinned-everything"])).toEqual({ "pinned-calc": 1, "pinned-everything": 1 });
  });

  test("a server that exits on the probe and again on initialize: --verbose shows both lives, the error quotes the second", async () => {
    // Says which start it is on stderr as it exits, on the first message it reads.
    const script = [
      'const fs = require("node:fs");',
      "const life = fs.existsSync(process.env.LIVES) ? 2 : 1;",
      'fs.appendFileSync(process.env.LIVES, "x");',
      // No template literal: mcp.json expands ${…} in args.
      'process.stdin.once("data", () => { process.stderr.write("life " + life + " exits\\n"); process.exit(1); });',
    ].join(" ");
    const config = writeMcpConfig(fs.mkdtempSync(path.join(dir, "twice-")), {
      twice: { command: process.execPath, args: ["-e", script], env: { LIVES: path.join(dir, "twice.lives") } },
    });
    const run = await typemcp(["list", "--verbose", "--config", config, "twice"]);
    expect([run.status, run.stdout]).toEqual([3, ""]);
    const wireLine = /^\d\d:\d\d:\d\d\.\d{3} /;
    expect(run.stderr.split("\n").filter((line) => !wireLine.test(line))).toEqual([
      "[twice] stderr: life 1 exits",
      "[twice] restart: the server closed the connection during the server/discover probe; starting it again to open with initialize (2025-11-25)",
      "[twice] stderr: life 2 exits",
      'typemcp: The server "twice" closed the connection before answering initialize.',
      "Its stderr ended with:",
      "  life 2 exits",
      "",
    ]);
    expect(run.stderr.match(/"method":"(server\/discover|initialize)"/g)).toEqual(['"method":"server/discover"', '"method":"initialize"']);
  });
});
