import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fedBackResults, providerEnv, sentTools, startFakeProvider, type FakeProviderKind, type ScriptedTurn } from "./support/fake-providers.js";
import { HOST_SERVERS, isBuilt, nodeServer, typemcp, writeMcpConfig } from "./support/host-cli.js";
import { startHttpMcpServer, type HttpMcpServer } from "./support/host-http-server.js";
import { ROOT } from "./support/paths.js";

const hasTowns = isBuilt(HOST_SERVERS.towns);

const envWith = providerEnv;

let dir: string;
let config: string;
let echoHttp: HttpMcpServer;
let marker: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-chat-host-"));
  marker = path.join(dir, "started");
  echoHttp = await startHttpMcpServer();
  config = writeMcpConfig(dir, {
    towns: { ...nodeServer(HOST_SERVERS.towns), trust: "read-only" },
    calc: { ...nodeServer(HOST_SERVERS.calc), trust: "read-only" },
    echo: { url: echoHttp.url, trust: "read-only" },
    // Leaves a file behind if it is ever started: proves a failing setup starts no server.
    tattle: { command: process.execPath, args: ["-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, "")`] },
  });
});
afterAll(async () => {
  await echoHttp?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function chat(kind: FakeProviderKind, turns: ScriptedTurn[], args: string[], options: { input?: string } = {}) {
  const fake = await startFakeProvider(kind, (index) => turns[Math.min(index, turns.length - 1)]!);
  try {
    const keys = { anthropic: "ANTHROPIC_API_KEY", openai: "OPENAI_API_KEY", gemini: "GEMINI_API_KEY" } as const;
    const run = await typemcp(["chat", "--config", config, "--provider", kind, "--model", "test-model", "--base-url", fake.baseUrl, ...args], {
      env: envWith({ [keys[kind]]: "test-key" }),
      timeoutMs: 30_000,
      ...(options.input !== undefined && { input: options.input }),
    });
    return { run, generations: fake.generations() };
  } finally {
    await fake.close();
  }
}

describe("typemcp chat: set-up errors come before any server starts", { timeout: 60_000 }, () => {
  test("a missing API key names the variable to set, exit 2", async () => {
    const run = await typemcp(["chat", "--config", config, "tattle", "--provider", "gemini", "--model", "gemini-3.8-flash", "--prompt", "hi"], {
      env: envWith({}),
    });
    expect(run.stderr).toBe("typemcp: --provider gemini needs an API key in GEMINI_API_KEY or GOOGLE_API_KEY.\n");
    expect(run.status).toBe(2);
    expect(fs.existsSync(marker)).toBe(false);
  });

  test("an endpoint nothing listens on is reported as unreachable, exit 3", async () => {
    const port = await freePort();
    const run = await typemcp(
      ["chat", "--config", config, "tattle", "--provider", "anthropic", "--model", "m", "--base-url", `http://127.0.0.1:${port}`, "--prompt", "hi"],
      {
        env: envWith({ ANTHROPIC_API_KEY: "k" }),
      },
    );
    expect(run.stderr).toMatch(new RegExp(`^typemcp: Could not reach Anthropic at http://127\\.0\\.0\\.1:${port} \\(GET /v1/models\\): .*ECONNREFUSED`));
    expect(run.status).toBe(3);
    expect(fs.existsSync(marker)).toBe(false);
  });

  test("a model the provider does not know is named, exit 2", async () => {
    const fake = await startFakeProvider("anthropic", () => ({ text: "never" }), "known-model");
    try {
      const run = await typemcp(
        ["chat", "--config", config, "tattle", "--provider", "anthropic", "--model", "unknown-model", "--base-url", fake.baseUrl, "--prompt", "hi"],
        { env: envWith({ ANTHROPIC_API_KEY: "k" }) },
      );
      expect(run.stderr).toMatch(/^typemcp: Anthropic at http:\/\/127\.0\.0\.1:\d+ does not know the model "unknown-model" \(HTTP 404\)/);
      expect(run.status).toBe(2);
      expect(fake.generations()).toEqual([]);
    } finally {
      await fake.close();
    }
    expect(fs.existsSync(marker)).toBe(false);
  });

  test("without --provider, asks which provider when no key or --base-url says it", async () => {
    const run = await typemcp(["chat", "--config", config, "tattle", "--model", "m", "--prompt", "hi"], { env: envWith({}) });
    expect(run.stderr).toMatch(/^typemcp: Say which model provider: --provider anthropic\|openai\|gemini/);
    expect(run.status).toBe(2);
  });
});

describe("typemcp chat: consent", { timeout: 60_000 }, () => {
  test("without a terminal, refuses a tool not marked read-only and says how to allow it", async () => {
    const { run, generations } = await chat(
      "openai",
      [{ calls: [{ name: "echo__fail", args: {} }] }, { text: "It was refused." }],
      ["echo", "--prompt", "Run fail."],
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("It was refused.\n");
    expect(run.stderr).toContain(
      "→ echo__fail {}\n  ✗ refused (consent): The host refused to call echo__fail: it is not marked read-only, and there is no terminal to ask for approval (run with --yes to approve every call, or --deny it).",
    );
    expect(fedBackResults("openai", generations[1])[0]!.text).toContain("it is not marked read-only, and there is no terminal to ask for approval");
  });

  test("with --yes, runs it, and a tool's error result goes back to the model as an error", async () => {
    const { run, generations } = await chat(
      "anthropic",
      [{ calls: [{ name: "echo__fail", args: {} }] }, { text: "It failed." }],
      ["echo", "--prompt", "Run fail.", "--yes"],
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toContain("→ echo__fail {}\n  ← error: It failed, as it always does.");
    expect(fedBackResults("anthropic", generations[1])).toEqual([{ id: "toolu_1", text: "It failed, as it always does.", isError: true }]);
  });

  test("does not ask for a read-only tool of a server trusted to say so", async () => {
    const { run } = await chat("gemini", [{ calls: [{ name: "echo__shout", args: { text: "hi" } }] }, { text: "HI" }], ["echo", "--prompt", "Shout hi."]);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('→ echo__shout {"text":"hi"}\n  ← HI\n');
  });

  test("tells the model a tool name it made up does not exist, listing the real ones", async () => {
    const { run, generations } = await chat(
      "anthropic",
      [{ calls: [{ name: "echo__whisper", args: {} }] }, { text: "No whisper." }],
      ["echo", "--prompt", "Whisper."],
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('  ✗ unknown: There is no tool named "echo__whisper". The tools are: echo__shout, echo__fail.');
    expect(fedBackResults("anthropic", generations[1])[0]).toMatchObject({
      isError: true,
      text: 'There is no tool named "echo__whisper". The tools are: echo__shout, echo__fail.',
    });
  });
});

describe.skipIf(!hasTowns)("typemcp chat --lazy-tools", { timeout: 60_000 }, () => {
  test("sends a tool search and a loader first, loads a schema on request, and --verbose shows the saving", async () => {
    const turns: ScriptedTurn[] = [
      { calls: [{ name: "find_tools", args: { query: "home value" } }] },
      { calls: [{ name: "get_tool_schema", args: { name: "towns__get_housing" } }] },
      { calls: [{ name: "towns__get_housing", args: { town: "Winchester" } }] },
      { text: "$972,776." },
    ];
    const lazy = await chat("anthropic", turns, ["towns", "calc", "--prompt", "House price in Winchester?", "--lazy-tools", "--verbose"]);
    const full = await chat("anthropic", [{ text: "ok" }], ["towns", "calc", "--prompt", "hi", "--verbose"]);
    expect(lazy.run.status).toBe(0);
    expect(lazy.run.stdout).toBe("$972,776.\n");
    const [first, , second] = lazy.generations.map((body) => sentTools("anthropic", body));
    // No tool is listed up front: the model searches.
    expect(first!.map((t) => t.name)).toEqual(["find_tools", "get_tool_schema"]);
    expect(JSON.stringify(first)).not.toContain("towns__");
    expect(fedBackResults("anthropic", lazy.generations[1])[0]!.text).toMatch(
      /^towns__get_housing: Get a Massachusetts town's average single-family home value/,
    );
    expect(second!.map((t) => t.name)).toEqual(["find_tools", "get_tool_schema", "towns__get_housing"]);
    expect(JSON.parse(fedBackResults("anthropic", lazy.generations[2])[0]!.text)).toMatchObject({
      name: "towns__get_housing",
      input_schema: { required: ["town"] },
    });
    const sizes = (stderr: string) =>
      [...stderr.matchAll(/^\[step (\d+)\] tool definitions sent: (\d+) tools, ([\d,]+) bytes ≈ ([\d,]+) tokens$/gm)].map((m) => ({
        tools: Number(m[2]),
        bytes: Number(m[3]!.replace(/,/g, "")),
      }));
    const lazySizes = sizes(lazy.run.stderr);
    const fullSizes = sizes(full.run.stderr);
    expect(lazySizes.map((s) => s.tools)).toEqual([2, 2, 3, 3]);
    expect(fullSizes.map((s) => s.tools)).toEqual([13]);
    expect(lazySizes[0]!.bytes).toBeLessThan(fullSizes[0]!.bytes / 2);
    // --verbose also shows the model's wire.
    expect(lazy.run.stderr).toMatch(/^\d\d:\d\d:\d\d\.\d{3} \[model\] → POST \/v1\/messages \{"model":"test-model"/m);
  });
});

describe("typemcp chat without --prompt", { timeout: 60_000 }, () => {
  test("reads messages line by line from a pipe and answers /servers, /tools and /quit", async () => {
    const { run, generations } = await chat("openai", [{ text: "Hello from the model." }], ["echo", "calc"], {
      input: "/servers\n/tools\nHi there\n/quit\nnever sent\n",
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^typemcp chat with echo, calc: 8 tools\. \/help for commands\.\n/);
    // Before the first message: where servers that ask for roots may work.
    expect(run.stdout).toContain(`\nRoots offered to servers that ask: ${ROOT.replace(/\/$/, "")} (the working directory; choose with --root).\n`);
    expect(run.stdout).toMatch(/^echo: echo-http 1\.0\.0, 2 tools, http:\/\/127\.0\.0\.1:\d+\/mcp$/m);
    expect(run.stdout).toMatch(/^calc: calc 1\.0\.0, 6 tools, /m);
    expect(run.stdout).toMatch(/^echo__shout +read-only +Repeat the text in capitals\. Nothing else\.$/m);
    expect(run.stdout).toMatch(/^echo__fail +asks first +Always fails\.$/m);
    expect(run.stdout).toContain("\nHello from the model.\n");
    expect(generations).toHaveLength(1);
    expect(generations[0].messages).toEqual([{ role: "user", content: "Hi there" }]);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
