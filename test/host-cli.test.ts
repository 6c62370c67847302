import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakeNws, type FakeNws } from "../packages/weather-server/src/__fixtures__/fake-nws.js";
import { HOST_SERVERS, isBuilt, nodeServer, typemcp, writeMcpConfig } from "./support/host-cli.js";
import { startHttpMcpServer, type HttpMcpServer } from "./support/host-http-server.js";
import { startHttpServer } from "./support/http-server.js";
import { fromRoot, TYPEMCP_CLI } from "./support/paths.js";
import { answerOnTerminal, canFakeTerminal } from "./support/terminal.js";
import { startTwoEraHttpServer, TWO_ERA_SERVER, type TwoEraHttpServer } from "./support/two-era-server.js";

const WIRE = /^\d\d:\d\d:\d\d\.\d{3} (?:\[[\w-]+\] )?[→←] \{/;
const ERA_LINE = /^\[([\w-]+)\] protocol (\S+) \((stateless|initialize handshake)\b.*\)$/;
const ERA_LINE_2026 = "2026-07-28 (stateless: found by server/discover, version and capabilities in _meta on every request)";
const ERA_LINE_2025 = "2025-11-25 (initialize handshake: the server gave no 2026-07-28 answer to server/discover)";

/** What the --verbose era lines of a run say: server name → "version (how)". */
function eras(stderr: string): Record<string, string> {
  return Object.fromEntries(
    stderr
      .split("\n")
      .filter((line) => ERA_LINE.test(line))
      .map((line) => [ERA_LINE.exec(line)![1]!, line.slice(line.indexOf(" protocol ") + " protocol ".length)]),
  );
}

/** The steps of a --verbose run's wire log: requests and notifications the host sent, and the answers it got. */
function steps(stderr: string): string[] {
  return wire(stderr)
    .filter(({ arrow, message }) => arrow === "→" || message.method === undefined)
    .map(({ arrow, message }) => `${arrow} ${message.method ?? (message.error ? "error" : "result")}`);
}
const hasTowns = isBuilt(HOST_SERVERS.towns);
const hasWeather = isBuilt(HOST_SERVERS.weather);

/** The JSON-RPC messages a --verbose run printed, with their direction. */
function wire(stderr: string): Array<{
  arrow: string;
  message: { method?: string; id?: number | string; params?: { _meta?: Record<string, unknown> }; result?: unknown; error?: unknown };
}> {
  return stderr
    .split("\n")
    .filter((line) => WIRE.test(line))
    .map((line) => {
      const arrow = line.includes(" → ") ? "→" : "←";
      return { arrow, message: JSON.parse(line.slice(line.indexOf("{"))) };
    });
}

describe("typemcp list and call against real servers", () => {
  let dir: string;
  let config: string;
  let nws: FakeNws | undefined;
  let http: HttpMcpServer;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-host-"));
    nws = hasWeather ? await startFakeNws() : undefined;
    http = await startHttpMcpServer();
    config = writeMcpConfig(dir, {
      calc: nodeServer(HOST_SERVERS.calc),
      ...(hasTowns && { towns: nodeServer(HOST_SERVERS.towns) }),
      // The weather server needs its API only to answer calls: listing works without NWS_API_BASE.
      ...(hasWeather && { weather: nodeServer(HOST_SERVERS.weather, [], { NWS_API_BASE: nws!.baseUrl, NWS_TIMEOUT_MS: "10000", NWS_RETRY_BASE_MS: "5" }) }),
      everything: nodeServer(HOST_SERVERS.everything, ["stdio"]),
      "two-era": nodeServer(TWO_ERA_SERVER),
      broken: { command: "nodex", args: ["towns.js"] },
    });
  });
  afterAll(async () => {
    await nws?.close();
    await http?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe("list", () => {
    test("lists every server of an mcp.json at once in one table of qualified names", async () => {
      const servers = ["calc", ...(hasTowns ? ["towns"] : []), ...(hasWeather ? ["weather"] : []), "everything"];
      const run = await typemcp(["list", "--config", config, ...servers]);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      const lines = run.stdout.trimEnd().split("\n");
      expect(lines[0]).toMatch(/^TOOL +ARGUMENTS +DESCRIPTION$/);
      expect(lines).toContainEqual(expect.stringMatching(/^calc__divide +a, b +Divide a by b and return the quotient \(a ÷ b\)\.$/));
      expect(lines).toContainEqual(expect.stringMatching(/^everything__get-sum +a, b +Returns the sum of two numbers$/));
      if (hasTowns)
        expect(lines).toContainEqual(expect.stringMatching(/^towns__get_housing +town +Get a Massachusetts town's average single-family home value/));
      if (hasWeather) expect(lines).toContainEqual(expect.stringMatching(/^weather__get_forecast +latitude, longitude +Get the weather forecast/));
      const names = lines.slice(1).map((line) => line.split(" ")[0]!);
      expect(names.every((name) => servers.some((server) => name.startsWith(`${server}__`)))).toBe(true);
      expect(new Set(names.map((name) => name.split("__")[0])).size).toBe(servers.length);
    });

    test("prints, with --json, each tool as its server described it, under its qualified name", async () => {
      const run = await typemcp(["list", "--config", config, "calc", "--json"]);
      expect(run.status).toBe(0);
      const tools = JSON.parse(run.stdout) as Array<{ name: string; server: string; tool: { name: string; inputSchema: object } }>;
      expect(tools.map((t) => t.name)).toEqual(["calc__add", "calc__subtract", "calc__multiply", "calc__divide", "calc__power", "calc__sqrt"]);
      expect(tools[3]).toMatchObject({ server: "calc", tool: { name: "divide", inputSchema: { required: ["a", "b"] } } });
    });

    test("prints, with --provider, the tools in a model provider's format", async () => {
      const anthropic = JSON.parse((await typemcp(["list", "--config", config, "everything", "--provider", "anthropic"])).stdout) as Array<{
        name: string;
        input_schema: { type: string };
      }>;
      expect(anthropic.length).toBeGreaterThan(5);
      for (const tool of anthropic) {
        expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
        expect(tool.input_schema.type).toBe("object");
      }
      const openai = JSON.parse((await typemcp(["list", "--config", config, "calc", "--provider", "openai-responses"])).stdout) as Array<
        Record<string, unknown>
      >;
      expect(openai[0]).toMatchObject({ type: "function", name: "calc__add", strict: true, parameters: { additionalProperties: false, required: ["a", "b"] } });
    });

    test("shows only what --allow and --deny let through", async () => {
      const run = await typemcp(["list", "--config", config, "calc", "everything", "--allow", "calc__*,everything__echo", "--deny", "*__s*"]);
      const names = run.stdout
        .trimEnd()
        .split("\n")
        .slice(1)
        .map((line) => line.split(" ")[0]);
      expect(names).toEqual(["calc__add", "calc__multiply", "calc__divide", "calc__power", "everything__echo"]);
    });

    test("lists the servers it can and exits 3 naming the one it could not start", async () => {
      const run = await typemcp(["list", "--config", config, "calc", "broken"]);
      expect(run.status).toBe(3);
      expect(run.stdout).toContain("calc__add");
      expect(run.stderr).toBe('typemcp: Could not start server "broken": spawn nodex ENOENT\n');
    });

    test("exits 3 when the command after -- cannot start", async () => {
      const run = await typemcp(["list", "--", "nodex", "dist/towns.js"]);
      expect([run.status, run.stdout, run.stderr]).toEqual([3, "", 'typemcp: Could not start server "nodex dist/towns.js": spawn nodex ENOENT\n']);
    });

    test("exits 3 with the server's own last words when it dies before answering", async () => {
      const run = await typemcp(["list", "--", process.execPath, "-e", "console.error('missing DATABASE_URL'); process.exit(1)"]);
      expect(run.status).toBe(3);
      expect(run.stderr).toMatch(/closed the connection before answering initialize\.\nIts stderr ended with:\n {2}missing DATABASE_URL\n$/);
    });

    test("exits 2 for a command line that names no server, or a name the config lacks", async () => {
      expect((await typemcp(["list"])).status).toBe(2);
      const run = await typemcp(["list", "--config", config, "nope"]);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/has no server "nope"; it has "calc", /);
    });
  });

  describe("call", () => {
    test("calls a calc tool, its --arg values typed by the schema, and prints the text", async () => {
      const run = await typemcp(["call", "calc__divide", "--arg", "a=7", "--arg", "b=2", "--config", config]);
      expect([run.status, run.stdout, run.stderr]).toEqual([0, "3.5\n", ""]);
    });

    test("prints the whole result with --json", async () => {
      const run = await typemcp(["call", "calc__power", "--args", '{"base": 2, "exponent": 10}', "--json", "--config", config]);
      // The result as it came, 2026-07-28 `_meta` (the server's identity) included.
      expect(JSON.parse(run.stdout)).toEqual({
        _meta: { "io.modelcontextprotocol/serverInfo": expect.objectContaining({ name: "calc" }) },
        content: [{ type: "text", text: "1024" }],
        structuredContent: { result: 1024 },
      });
    });

    test("exits 1 with the tool's message when the tool reports an error", async () => {
      const run = await typemcp(["call", "calc__divide", "--arg", "a=1", "--arg", "b=0", "--config", config]);
      expect([run.status, run.stdout]).toEqual([1, "Cannot divide by zero: b must be a non-zero number.\n"]);
    });

    test("exits 2 for an unknown tool, naming the tools there are", async () => {
      const run = await typemcp(["call", "calc__modulo", "--config", config]);
      expect(run.status).toBe(2);
      expect(run.stderr).toBe(
        'typemcp: Server "calc" has no tool "modulo". Its tools: calc__add, calc__subtract, calc__multiply, calc__divide, calc__power, calc__sqrt.\n',
      );
    });

    test("exits 2 for a value the schema cannot take, naming the argument, before calling", async () => {
      const run = await typemcp(["call", "calc__divide", "--arg", "a=ten", "--arg", "b=2", "--config", config]);
      expect([run.status, run.stderr]).toEqual([2, 'typemcp: Argument "a" must be a number; got "ten".\n']);
    });

    test("exits 2 when the tool's prefix names no server of the config", async () => {
      const run = await typemcp(["call", "calculator__add", "--config", config]);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/"calculator__add" names no server in .*mcp\.json: call a tool as <server>__<tool>, the server one of "calc", /);
    });

    test("exits 3 when the owning server cannot start", async () => {
      const run = await typemcp(["call", "broken__anything", "--config", config]);
      expect([run.status, run.stderr]).toEqual([3, 'typemcp: Could not start server "broken": spawn nodex ENOENT\n']);
    });

    test.skipIf(!hasTowns)("calls a towns tool, with an array argument parsed from JSON", async () => {
      const housing = await typemcp(["call", "towns__get_housing", "--arg", "town=Winchester", "--config", config]);
      expect(housing.status).toBe(0);
      expect(JSON.parse(housing.stdout)).toMatchObject({ town: "Winchester", avgSingleFamilyAssessedValue: { unit: "US dollars" } });
      const compare = await typemcp(["call", "towns__compare_towns", "--arg", 'towns=["Winchester","Lexington"]', "--config", config]);
      expect(compare.status).toBe(0);
      expect(compare.stdout).toContain("Lexington");
    });

    test.skipIf(!hasWeather)("calls a weather tool against a recorded NWS API on 127.0.0.1", async () => {
      const run = await typemcp(["call", "weather__get_forecast", "--arg", "latitude=33.211", "--arg", "longitude=-87.566", "--config", config]);
      expect(run.status).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ location: "Tuscaloosa, AL", latitude: 33.211, longitude: -87.566 });
    });

    test("refuses a call --deny matches, before starting the server", async () => {
      const run = await typemcp(["call", "broken__x", "--deny", "broken__*", "--config", config]);
      expect([run.status, run.stderr]).toEqual([4, 'typemcp: Refused to call broken__x: it matches --deny "broken__*".\n']);
    });
  });

  describe("--verbose", () => {
    test("shows the whole lifecycle on stderr, timestamped, under the server's name", async () => {
      const run = await typemcp(["call", "calc__add", "--arg", "a=2", "--arg", "b=3", "--verbose", "--config", config]);
      expect([run.status, run.stdout]).toEqual([0, "5\n"]);
      const lines = run.stderr.split("\n").filter((line) => WIRE.test(line));
      expect(lines.every((line) => line.includes(" [calc] "))).toBe(true);
      expect(steps(run.stderr)).toEqual(["→ server/discover", "← result", "→ tools/list", "← result", "→ tools/call", "← result"]);
      const call = wire(run.stderr).find(({ message }) => message.method === "tools/call")!.message;
      expect(call.params).toMatchObject({ name: "add", arguments: { a: 2, b: 3 } });
    });

    test("says which era each server of a config speaks: 2026-07-28 where it can, 2025-11-25 where not", async () => {
      const samples = ["calc", ...(hasTowns ? ["towns"] : []), ...(hasWeather ? ["weather"] : [])];
      const run = await typemcp(["list", "--config", config, ...samples, "everything", "two-era", "--verbose"]);
      expect(run.status).toBe(0);
      expect(eras(run.stderr)).toEqual({
        ...Object.fromEntries(samples.map((name) => [name, ERA_LINE_2026])),
        everything: ERA_LINE_2025,
        "two-era": ERA_LINE_2026,
      });
      // The era line goes to stderr only: stdout keeps the table alone.
      expect(run.stdout).not.toMatch(/protocol 20/);
    });

    test("2026-07-28: server/discover, then every request with its version and capabilities in _meta, no initialize", async () => {
      const run = await typemcp(["call", "shout", "--arg", "text=hi", "--verbose", "--", process.execPath, TWO_ERA_SERVER]);
      expect([run.status, run.stdout]).toEqual([0, "HI\n"]);
      expect(eras(run.stderr)).toEqual({ "two-era": ERA_LINE_2026 });
      expect(steps(run.stderr)).toEqual(["→ server/discover", "← result", "→ tools/list", "← result", "→ tools/call", "← result"]);
      for (const { message } of wire(run.stderr).filter(({ arrow }) => arrow === "→")) {
        expect(message.params?._meta).toMatchObject({
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "typemcp" },
          "io.modelcontextprotocol/clientCapabilities": {},
        });
      }
    });

    test("2026-07-28 with a server that refuses the 2025 handshake altogether", async () => {
      const run = await typemcp(["call", "fail", "--verbose", "--", process.execPath, TWO_ERA_SERVER, "--2026-only"]);
      expect([run.status, run.stdout]).toEqual([1, "It failed, as it always does.\n"]);
      expect(eras(run.stderr)).toEqual({ "two-era": ERA_LINE_2026 });
      expect(steps(run.stderr)).not.toContain("→ initialize");
    });

    test("2026-07-28: a server that asks again after every decline fails the call once the input rounds run out", async () => {
      const run = await typemcp(["call", "confirm", "--", process.execPath, TWO_ERA_SERVER]);
      expect([run.status, run.stdout]).toEqual([3, ""]);
      expect(run.stderr).toContain(
        `typemcp: server "two-era" asked "Go ahead?"; declined: there is no terminal to ask on and no --answer left. Answer it with --answer '{"ok":true}' (or --answer decline, --answer cancel).\n`,
      );
      expect(run.stderr).toMatch(/still required input after 10 rounds/);
    });

    test("2025-11-25 fallback: the server answers server/discover with an error, so the host opens with initialize", async () => {
      const run = await typemcp([
        "call",
        "echo",
        "--arg",
        "message=hi",
        "--verbose",
        "--name",
        "everything",
        "--",
        process.execPath,
        HOST_SERVERS.everything,
        "stdio",
      ]);
      expect([run.status, run.stdout]).toEqual([0, "Echo: hi\n"]);
      expect(eras(run.stderr)).toEqual({ everything: ERA_LINE_2025 });
      // The server may ask for the host's roots at any point after initialized: the host's answer is left out.
      expect(steps(run.stderr).filter((step) => step !== "→ result")).toEqual([
        "→ server/discover",
        "← error",
        "→ initialize",
        "← result",
        "→ notifications/initialized",
        "→ tools/list",
        "← result",
        "→ tools/call",
        "← result",
      ]);
      const initialize = wire(run.stderr).find(({ message }) => message.method === "initialize")!.message as { params?: { protocolVersion?: string } };
      expect(initialize.params?.protocolVersion).toBe("2025-11-25");
      // 2025-era requests carry no 2026 _meta envelope.
      const call = wire(run.stderr).find(({ message }) => message.method === "tools/call")!.message;
      expect(call.params?._meta?.["io.modelcontextprotocol/protocolVersion"]).toBeUndefined();
    });
  });

  describe("2025-11-25 servers that do not answer the probe with an error", () => {
    const STRICT = fromRoot("test/fixtures/strict-2025-server.mjs");

    test("one that exits on it: the host starts it again, and the new process opens with initialize", async () => {
      const run = await typemcp(["call", "ping", "--verbose", "--", process.execPath, STRICT, "--exit"]);
      expect([run.status, run.stdout]).toEqual([0, "pong\n"]);
      expect(eras(run.stderr)).toEqual({ "strict-2025": ERA_LINE_2025 });
      expect(steps(run.stderr)).toEqual([
        "→ server/discover",
        "→ initialize",
        "← result",
        "→ notifications/initialized",
        "→ tools/list",
        "← result",
        "→ tools/call",
        "← result",
      ]);
      // Between the probe and initialize, the log says why initialize goes to a new process.
      const lines = run.stderr.split("\n");
      const restart = lines.indexOf(
        "restart: the server closed the connection during the server/discover probe; starting it again to open with initialize (2025-11-25)",
      );
      expect([
        lines.findIndex((line) => line.includes('"method":"server/discover"')) < restart,
        restart < lines.findIndex((line) => line.includes('"method":"initialize"')),
      ]).toEqual([true, true]);
    });

    // 10 s: the wait bounds the server's start and its initialize too (a loaded machine's cold start).
    test("one that never answers it: after the probe's wait (here --timeout), initialize on the same process", { timeout: 60_000 }, async () => {
      const run = await typemcp(["call", "ping", "--verbose", "--timeout", "10000", "--", process.execPath, STRICT, "--silent"], { timeoutMs: 50_000 });
      expect([run.status, run.stdout]).toEqual([0, "pong\n"]);
      expect(eras(run.stderr)).toEqual({ "strict-2025": ERA_LINE_2025 });
      const sent = wire(run.stderr)
        .filter(({ arrow }) => arrow === "→")
        .map(({ message }) => message.method);
      expect(sent.slice(0, 2)).toEqual(["server/discover", "initialize"]);
    });
  });

  // The timeout bounds starting the server too: the calls' tests give 10 s, so that a busy CI
  // machine (a cold Node start under load has taken over 1 s, and 3 s left too little room) still
  // reaches tools/call.
  describe("--timeout", () => {
    test("a server that never answers: the probe gives up, then initialize, and the host says so", async () => {
      const run = await typemcp(["list", "--timeout", "1000", "--", process.execPath, "-e", "setInterval(() => {}, 1000)"]);
      expect([run.status, run.stdout]).toEqual([3, ""]);
      expect(run.stderr).toMatch(/^typemcp: The server "\S+ -e setInterval\(\(\) => \{\}, 1000\)" did not answer initialize within 1 s\.\n$/);
    });

    test("a 2026-07-28 call that outlasts it exits 3 naming tools/call", { timeout: 60_000 }, async () => {
      const run = await typemcp(["call", "wait", "--arg", "ms=60000", "--timeout", "10000", "--", process.execPath, TWO_ERA_SERVER], { timeoutMs: 50_000 });
      expect([run.status, run.stdout]).toEqual([3, ""]);
      expect(run.stderr).toMatch(/did not answer tools\/call within 10 s\.\n$/);
    });

    test("a 2025-11-25 call that outlasts it exits 3 naming tools/call", { timeout: 60_000 }, async () => {
      const run = await typemcp(
        ["call", "wait", "--arg", "ms=60000", "--timeout", "10000", "--protocol", "2025-11-25", "--", process.execPath, TWO_ERA_SERVER],
        {
          timeoutMs: 50_000,
        },
      );
      expect([run.status, run.stdout]).toEqual([3, ""]);
      expect(run.stderr).toMatch(/did not answer tools\/call within 10 s\.\n$/);
    });
  });

  describe("a third-party server: @modelcontextprotocol/server-everything", () => {
    const everything = ["--name", "everything", "--", process.execPath, HOST_SERVERS.everything, "stdio"];

    test("lists its tools the same way, from the command after --", async () => {
      const run = await typemcp(["list", ...everything]);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^everything__echo +message +Echoes back the input string$/m);
      expect(run.stdout).toMatch(/^everything__get-sum +a, b +/m);
    });

    test("names it after itself without --name", async () => {
      const run = await typemcp(["list", "--", process.execPath, HOST_SERVERS.everything, "stdio"]);
      expect(run.stdout).toMatch(/^mcp-servers_everything__echo /m);
    });

    // Each run starts its own server, so the runs of one test go side by side: server-everything
    // stays up for the host's 2 s grace after its stdin closes, once it has asked for the roots.
    test("calls echo and get-sum, qualified or by the tool's own name", async () => {
      const [echo, sum] = await Promise.all([
        typemcp(["call", "everything__echo", "--arg", "message=hello there", ...everything]),
        typemcp(["call", "get-sum", "--arg", "a=2", "--arg", "b=3.5", ...everything]),
      ]);
      expect(echo.stdout).toBe("Echo: hello there\n");
      expect([sum.status, sum.stdout]).toEqual([0, "The sum of 2 and 3.5 is 5.5.\n"]);
    });

    test("refuses, without a terminal, a tool not marked read-only under --confirm, unless --yes", async () => {
      const [refused, allowed, readOnly] = await Promise.all([
        typemcp(["call", "everything__toggle-simulated-logging", "--confirm", ...everything]),
        typemcp(["call", "everything__toggle-simulated-logging", "--confirm", "--yes", ...everything]),
        typemcp(["call", "everything__echo", "--arg", "message=x", "--confirm", ...everything]),
      ]);
      expect(refused.status).toBe(4);
      expect(refused.stderr).toContain("it is not marked read-only, and --confirm has no terminal to ask on. Add --yes to allow it.");
      expect(allowed.status).toBe(0);
      expect(readOnly.status).toBe(0);
    });

    test.skipIf(!canFakeTerminal).each([
      ["y", 0],
      ["n", 4],
    ])("asks on a terminal under --confirm and acts on the answer %s", async (answer, status) => {
      const question = "Call everything__toggle-simulated-logging {}? It is not marked read-only. [y/N]";
      const command = [process.execPath, TYPEMCP_CLI, "call", "everything__toggle-simulated-logging", "--confirm", ...everything];
      const run = await answerOnTerminal(command, question, answer);
      expect(run.output).toContain(question);
      expect(run.status).toBe(status);
    });
  });

  describe("Streamable HTTP", () => {
    test("lists and calls a server at a URL", async () => {
      const list = await typemcp(["list", "--url", http.url]);
      expect(list.stdout).toMatch(/^echo-http__shout +text +Repeat the text in capitals\.$/m);
      const call = await typemcp(["call", "echo-http__shout", "--arg", "text=hi", "--url", http.url]);
      expect([call.status, call.stdout]).toEqual([0, "HI\n"]);
      const failed = await typemcp(["call", "fail", "--url", http.url]);
      expect([failed.status, failed.stdout]).toEqual([1, "It failed, as it always does.\n"]);
    });

    test("falls back to 2025-11-25 over HTTP, shown with --verbose, for a server without server/discover", async () => {
      const run = await typemcp(["call", "shout", "--arg", "text=a", "--verbose", "--url", http.url]);
      expect(eras(run.stderr)).toEqual({ "echo-http": ERA_LINE_2025 });
      // A 2025 server over HTTP refuses the probe with an HTTP status, not a JSON-RPC message.
      expect(steps(run.stderr)).toEqual([
        "→ server/discover",
        "→ initialize",
        "← result",
        "→ notifications/initialized",
        "→ tools/list",
        "← result",
        "→ tools/call",
        "← result",
      ]);
    });

    test("the three sample servers over HTTP speak 2026-07-28", async () => {
      const samples = { calc: HOST_SERVERS.calc, ...(hasTowns && { towns: HOST_SERVERS.towns }), ...(hasWeather && { weather: HOST_SERVERS.weather }) };
      for (const [name, script] of Object.entries(samples)) {
        const server = await startHttpServer(script);
        try {
          const run = await typemcp(["list", "--verbose", "--url", server.url]);
          expect([run.status, eras(run.stderr)]).toEqual([0, { [name]: ERA_LINE_2026 }]);
          expect(steps(run.stderr)).toEqual(["→ server/discover", "← result", "→ tools/list", "← result"]);
        } finally {
          await server.stop();
        }
      }
      const call = await startHttpServer(HOST_SERVERS.calc);
      try {
        const run = await typemcp(["call", "divide", "--arg", "a=7", "--arg", "b=2", "--url", call.url]);
        expect([run.status, run.stdout]).toEqual([0, "3.5\n"]);
      } finally {
        await call.stop();
      }
    });

    describe("a 2026-07-28 server", () => {
      let server2026: TwoEraHttpServer;
      beforeAll(async () => {
        server2026 = await startTwoEraHttpServer();
      });
      afterAll(() => server2026?.close());

      test("lists and calls it statelessly, shown with --verbose", async () => {
        const list = await typemcp(["list", "--verbose", "--url", server2026.url]);
        expect(list.stdout).toMatch(/^two-era__shout +text +Repeat the text in capitals\.$/m);
        expect(eras(list.stderr)).toEqual({ "two-era": ERA_LINE_2026 });
        const call = await typemcp(["call", "two-era__shout", "--arg", "text=hi", "--verbose", "--url", server2026.url]);
        expect([call.status, call.stdout]).toEqual([0, "HI\n"]);
        expect(steps(call.stderr)).toEqual(["→ server/discover", "← result", "→ tools/list", "← result", "→ tools/call", "← result"]);
        const failed = await typemcp(["call", "fail", "--url", server2026.url]);
        expect([failed.status, failed.stdout]).toEqual([1, "It failed, as it always does.\n"]);
      });
      test("sends --header on every request, the probe included", async () => {
        const before = JSON.parse((await typemcp(["call", "tokens", "--url", server2026.url])).stdout) as unknown[];
        const run = await typemcp(["call", "tokens", "--header", "X-Test-Token: t-1", "--url", server2026.url]);
        expect(run.status).toBe(0);
        // After the first run's requests: this run's server/discover, tools/list and tools/call.
        expect((JSON.parse(run.stdout) as unknown[]).slice(before.length)).toEqual(["t-1", "t-1", "t-1"]);
      });
    });

    test("exits 3 when nothing listens at the URL", async () => {
      const closed = await startHttpMcpServer();
      await closed.close();
      const run = await typemcp(["list", "--url", closed.url]);
      expect(run.status).toBe(3);
      expect(run.stderr).toMatch(
        /^typemcp: Could not connect to server http:\/\/127\.0\.0\.1:\d+\/mcp during server\/discover: Version negotiation probe failed: fetch failed \(ECONNREFUSED\)\n$/,
      );
    });
  });
});
