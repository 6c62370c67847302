import { Client as Client2026, StreamableHTTPClientTransport as HttpTransport2026 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioTransport2026 } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { createDevProject, startDev, type DevProcess } from "./support/dev-project.js";
import { connectHttp } from "./support/http-server.js";
import { node24Path } from "./support/node24.js";
import { TYPEMCP_CLI } from "./support/paths.js";

const GREETER = (signature: string, body: string) => `import { serve, tool } from "typemcp";

export class Greeter {
  /** Greet someone. @param name Who to greet. @param loud Whether to shout. */
  @tool() greet(${signature}): string {
    ${body}
  }
}

await serve(new Greeter(), { name: "greeter", version: "1.0.0" });
`;
const FIRST = GREETER("name: string", "return `Hello, ${name}!`;");
const SECOND = GREETER("name: string, loud?: boolean", "return loud ? `HELLO, ${name.toUpperCase()}!` : `Hello, ${name}!`;");
// Builds (the tools are all there) but fails as it loads, as a server that cannot reach its database would.
const CRASHING = FIRST.replace("await serve(", 'await Promise.reject(new Error("cannot reach the database"));\nawait serve(');
const THIRD = GREETER("name: string, loud?: boolean, times?: number", "return `${loud ? name.toUpperCase() : name}`.repeat(times ?? 1);");

// Each test builds a project from scratch first: allow for a busy machine.
describe("typemcp dev", { timeout: 90_000 }, () => {
  let dev: DevProcess | undefined;
  let remove: (() => void) | undefined;
  afterEach(async () => {
    await dev?.stop();
    remove?.();
  });

  test("over HTTP: rebuilds on an edit, says what changed, and serves the new definition on the same URL", async () => {
    const project = createDevProject(FIRST);
    remove = project.remove;
    dev = startDev(project.dir, ["--http", "--port", "0"]);
    const [, url] = await dev.waitFor(/serving dist\/server\.js at (http:\/\/\S+); watching for changes/);
    const before = await connectHttp(url!);
    expect(Object.keys((await before.listTools()).tools[0]!.inputSchema.properties ?? {})).toEqual(["name"]);
    await before.close();

    const mark = dev.stderr().length;
    project.write(SECOND);
    const [report] = await dev.waitFor(/src\/server\.ts changed; rebuilt and restarted in \d+ ms[^\n]*\n(?: {2}.*\n)+/, mark);
    expect(report).toContain("  ~ tool greet: input schema, parameters\n");
    expect(dev.stderr().slice(mark)).toContain(`serving MCP over HTTP at ${url}`);
    const after = await connectHttp(url!);
    expect(Object.keys((await after.listTools()).tools[0]!.inputSchema.properties ?? {})).toEqual(["name", "loud"]);
    expect((await after.callTool({ name: "greet", arguments: { name: "Ada", loud: true } })).content).toEqual([{ type: "text", text: "HELLO, ADA!" }]);
    await after.close();
    // A 2026-07-28 client is told not to cache the list, which the next edit may change.
    const client2026 = new Client2026({ name: "dev-test", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client2026.connect(new HttpTransport2026(new URL(url!)));
    expect(await client2026.listTools()).toMatchObject({ ttlMs: 0, cacheScope: "private" });
    await client2026.close();
  });

  // Node 20's recursive fs.watch on Linux watched the file itself, and lost it at the first rename.
  test.each([
    ["Node 20", () => process.execPath],
    ["Node 24", node24Path],
  ])("on %s: sees each save by rename (a temp file moved over the source), not just the first", async (_name, node) => {
    const project = createDevProject(FIRST);
    remove = project.remove;
    dev = startDev(project.dir, ["--http", "--port", "0"], node());
    const [, url] = await dev.waitFor(/at (http:\/\/\S+); watching for changes/);
    const parameters = async () => {
      const client = await connectHttp(url!);
      const { tools } = await client.listTools();
      await client.close();
      return Object.keys(tools[0]!.inputSchema.properties ?? {});
    };
    expect(await parameters()).toEqual(["name"]);
    for (const [source, expected] of [
      [SECOND, ["name", "loud"]],
      [THIRD, ["name", "loud", "times"]],
    ] as const) {
      const mark = dev.stderr().length;
      project.saveByRename(source);
      await dev.waitFor(/src\/server\.ts changed; rebuilt and restarted/, mark);
      await dev.waitFor(/serving MCP over HTTP at /, mark);
      expect(await parameters()).toEqual(expected);
    }
  });

  test("keeps the last good server when a rebuild fails, and prints the build's errors", async () => {
    const project = createDevProject(FIRST);
    remove = project.remove;
    dev = startDev(project.dir, ["--http", "--port", "0"]);
    const [, url] = await dev.waitFor(/at (http:\/\/\S+); watching for changes/);
    const mark = dev.stderr().length;
    project.write(GREETER("name: string", "return name * 2;"));
    const [failure] = await dev.waitFor(/[^\n]*error TS\d+[^\n]*\n[^]*?rebuild failed; the last good server keeps running\n/, mark);
    expect(failure).toMatch(/^src\/server\.ts\(6,\d+\): error TS\d+: /);
    const client = await connectHttp(url!);
    expect((await client.callTool({ name: "greet", arguments: { name: "Ada" } })).content).toEqual([{ type: "text", text: "Hello, Ada!" }]);
    await client.close();
  });

  test("over HTTP: says the new server failed to start, with its error, keeps the last good one serving the same session, and recovers on the next save", async () => {
    const project = createDevProject(FIRST);
    remove = project.remove;
    dev = startDev(project.dir, ["--http", "--port", "0"]);
    const [, url] = await dev.waitFor(/at (http:\/\/\S+); watching for changes/);
    const client = await connectHttp(url!);
    try {
      const mark = dev.stderr().length;
      project.write(CRASHING);
      await dev.waitFor(
        /Error: cannot reach the database\n[^]*typemcp dev: src\/server\.ts changed; rebuilt, but the new server failed to start \(exit code 1; its error is above\); the last good server keeps running\n/,
        mark,
      );
      expect(dev.stderr().slice(mark)).not.toContain("rebuilt and restarted");
      // The session opened before the failed start is still served, by the last good server.
      expect((await client.callTool({ name: "greet", arguments: { name: "Ada" } })).content).toEqual([{ type: "text", text: "Hello, Ada!" }]);

      const fixed = dev.stderr().length;
      project.write(SECOND);
      const [report] = await dev.waitFor(/src\/server\.ts changed; rebuilt and restarted in \d+ ms[^\n]*\n(?: {2}.*\n)+/, fixed);
      expect(report).toContain("  ~ tool greet: input schema, parameters\n");
      const after = await connectHttp(url!);
      expect(Object.keys((await after.listTools()).tools[0]!.inputSchema.properties ?? {})).toEqual(["name", "loud"]);
      await after.close();
    } finally {
      await client.close();
    }
  });

  test("over stdio: a new server that fails to start leaves the host's session with the last good one", async () => {
    const project = createDevProject(FIRST);
    remove = project.remove;
    const { client, stderr, changes } = await connectDevStdio(project.dir);
    try {
      await expect.poll(stderr, { timeout: 15_000 }).toContain("watching for changes");
      project.write(CRASHING);
      await expect
        .poll(stderr, { timeout: 15_000 })
        .toContain("rebuilt, but the new server failed to start (exit code 1; its error is above); the last good server keeps running\n");
      expect(stderr()).toContain("Error: cannot reach the database");
      expect(Object.keys((await client.listTools()).tools[0]!.inputSchema.properties ?? {})).toEqual(["name"]);
      expect(changes()).toBe(0);
      project.write(SECOND);
      await expect.poll(changes, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(Object.keys((await client.listTools()).tools[0]!.inputSchema.properties ?? {})).toEqual(["name", "loud"]);
    } finally {
      await client.close();
    }
  });

  test("over stdio: the host's session survives the restart and hears that the tools changed", async () => {
    const project = createDevProject(FIRST);
    remove = project.remove;
    const { client, stderr, changes } = await connectDevStdio(project.dir);
    try {
      expect(Object.keys((await client.listTools()).tools[0]!.inputSchema.properties ?? {})).toEqual(["name"]);
      await expect.poll(stderr, { timeout: 15_000 }).toContain("watching for changes");
      project.write(SECOND);
      await expect.poll(changes, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(stderr()).toContain("~ tool greet: input schema, parameters");
      expect(Object.keys((await client.listTools()).tools[0]!.inputSchema.properties ?? {})).toEqual(["name", "loud"]);
      expect((await client.callTool({ name: "greet", arguments: { name: "Ada", loud: true } })).content).toEqual([{ type: "text", text: "HELLO, ADA!" }]);
    } finally {
      await client.close();
    }
  });

  test("over stdio with a 2026-07-28 client (no initialize): its listen stream survives the restart and hears that the tools changed", async () => {
    const project = createDevProject(FIRST);
    remove = project.remove;
    // The SDK's own stdio transport: the client probes with server/discover on a second,
    // short-lived `typemcp dev`, then speaks 2026-07-28 to this one without a handshake.
    const transport = new StdioTransport2026({ command: process.execPath, args: [TYPEMCP_CLI, "dev"], cwd: project.dir, stderr: "pipe" });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    const changed: string[][] = [];
    const client = new Client2026(
      { name: "dev-test", version: "0" },
      {
        versionNegotiation: { mode: { pin: "2026-07-28" } },
        listChanged: {
          tools: {
            onChanged: (error, tools) =>
              void changed.push(error ? [String(error)] : (tools ?? []).map((t) => Object.keys(t.inputSchema.properties ?? {}).join())),
          },
        },
      },
    );
    await client.connect(transport);
    const lists: Array<{ ttlMs?: unknown }> = [];
    const deliver = transport.onmessage!;
    transport.onmessage = (message) => {
      if ("result" in message && Array.isArray((message.result as { tools?: unknown }).tools)) lists.push(message.result as { ttlMs?: unknown });
      deliver(message);
    };
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      expect(Object.keys((await client.listTools()).tools[0]!.inputSchema.properties ?? {})).toEqual(["name"]);
      // Not cached at all: the next edit replaces the server, and an hour-long ttlMs would outlive it.
      expect(lists.map((l) => l.ttlMs)).toEqual([0]);
      await expect.poll(() => stderr, { timeout: 15_000 }).toContain("watching for changes");
      project.write(SECOND);
      await expect.poll(() => changed, { timeout: 15_000 }).toEqual([["name,loud"]]);
      expect(stderr).toContain("~ tool greet: input schema, parameters");
      expect(Object.keys((await client.listTools()).tools[0]!.inputSchema.properties ?? {})).toEqual(["name", "loud"]);
      expect((await client.callTool({ name: "greet", arguments: { name: "Ada", loud: true } })).content).toEqual([{ type: "text", text: "HELLO, ADA!" }]);
    } finally {
      await client.close();
    }
  });

  test("without an entry to serve, says how to name one and exits 2, with --inspect too, before opening the Inspector", () => {
    const project = createDevProject(FIRST);
    remove = project.remove;
    fs.writeFileSync(path.join(project.dir, "package.json"), JSON.stringify({ name: "no-bin", type: "module" }));
    for (const args of [["dev"], ["dev", "--inspect"]]) {
      const run = spawnSync(process.execPath, [TYPEMCP_CLI, ...args], { cwd: project.dir, encoding: "utf8", timeout: 30_000 });
      expect(run.stderr).toBe('typemcp dev: name the entry file (typemcp dev src/server.ts): package.json has no "bin".\n');
      expect(run.stdout).toBe("");
      expect(run.status).toBe(2);
    }
  });
});

/** `typemcp dev` in `dir` as a host starts it over stdio, with what it writes to stderr and how many tool-list changes it announced. */
async function connectDevStdio(dir: string): Promise<{ client: Client; stderr: () => string; changes: () => number }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [TYPEMCP_CLI, "dev"], cwd: dir, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  const client = new Client({ name: "dev-test", version: "0" });
  let changes = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes++);
  await client.connect(transport);
  return { client, stderr: () => stderr, changes: () => changes };
}
