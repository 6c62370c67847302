import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fromRoot, TYPEMCP_CLI } from "./support/paths.js";
import { run } from "./support/run.js";
import { installFromNpm } from "./support/runtimes.js";
import { connectToServer } from "./support/stdio-client.js";

// `typemcp pack` on the built samples: the MCP Bundle passes the official `mcpb validate`
// (@anthropic-ai/mcpb from npm) and, unpacked by `mcpb unpack` into an empty folder, serves
// tools/list with Node; server.json keeps the MCP Registry's rules for an npm package run over
// stdio, as `registryRules` below states them. The registry's schema is on no package registry
// and the tests have no network, so these are our own reading of its server.json reference;
// `mcp-publisher validate` remains the final word before publishing.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const ajv = addFormats(new Ajv({ allErrors: true }));

/** The server.json schema version `typemcp pack` writes for: a newer one needs these rules re-read. */
const REGISTRY_SCHEMA = "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json";
/** An exact semver version, as npm publishes: the registry refuses ranges (`^1.0.0`, `1.x`) and `latest`. */
const EXACT_VERSION = "^\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.-]+)?(?:\\+[0-9A-Za-z.-]+)?$";

/**
 * What the MCP Registry requires of the server.json of `pkg` (its package.json), published to npm
 * and run over stdio: the schema version, a reverse-DNS `namespace/server` name that is the
 * package's `mcpName`, a description of 1 to 100 characters, the package's exact version, and one
 * npm package with that name and version, a stdio transport, and each environment variable named
 * and described with boolean `isRequired`/`isSecret`.
 */
function registryRules(pkg: { name: string; version: string; mcpName: string }) {
  const version = { type: "string", pattern: EXACT_VERSION, maxLength: 255, const: pkg.version };
  return {
    type: "object",
    required: ["$schema", "name", "description", "version", "packages"],
    additionalProperties: false,
    properties: {
      $schema: { const: REGISTRY_SCHEMA },
      // Dotted namespace (io.github.owner, com.example), exactly one slash, then the server's name.
      name: { type: "string", pattern: "^[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)+/[A-Za-z0-9._-]+$", maxLength: 200, const: pkg.mcpName },
      title: { type: "string", minLength: 1 },
      description: { type: "string", minLength: 1, maxLength: 100 },
      version,
      repository: {
        type: "object",
        required: ["url", "source"],
        properties: { url: { type: "string", format: "uri" }, source: { type: "string" } },
      },
      websiteUrl: { type: "string", format: "uri" },
      packages: {
        type: "array",
        minItems: 1,
        maxItems: 1,
        items: {
          type: "object",
          required: ["registryType", "identifier", "version", "transport"],
          additionalProperties: false,
          properties: {
            registryType: { const: "npm" },
            identifier: { const: pkg.name },
            version,
            transport: { type: "object", required: ["type"], additionalProperties: false, properties: { type: { const: "stdio" } } },
            environmentVariables: {
              type: "array",
              items: {
                type: "object",
                required: ["name", "description", "isRequired", "isSecret"],
                properties: {
                  name: { type: "string", pattern: "^[A-Za-z_][A-Za-z0-9_]*$" },
                  description: { type: "string", minLength: 1 },
                  isRequired: { type: "boolean" },
                  isSecret: { type: "boolean" },
                },
              },
            },
          },
        },
      },
    },
  };
}
const MCPB = "@anthropic-ai/mcpb@2.1.2";
const mcpb = path.join(installFromNpm([MCPB]), "node_modules", ".bin", "mcpb");
const missing = fs.existsSync(mcpb) ? "" : ` (skipped: ${MCPB} could not be installed from npm)`;
let out: string;

beforeAll(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-pack-"));
});
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

const SAMPLES = {
  calc: { tools: ["add", "subtract", "multiply", "divide", "power", "sqrt"], settings: [] as string[] },
  weather: {
    tools: ["get_forecast", "get_alerts"],
    settings: ["NWS_API_BASE", "NWS_USER_AGENT", "NWS_TIMEOUT_MS", "NWS_RETRY_BASE_MS", "NWS_MAX_RESPONSE_BYTES"],
  },
  towns: { tools: ["get_housing", "get_schools", "get_safety", "get_distance_to_boston", "get_town", "find_towns", "compare_towns"], settings: ["TOWNS_CSV"] },
};

describe.skipIf(missing !== "")(`typemcp pack${missing}`, () => {
  for (const [sample, expected] of Object.entries(SAMPLES)) {
    describe(sample, () => {
      let folder: string;
      let unpacked: string;
      beforeAll(() => {
        folder = path.join(out, sample);
        run(process.execPath, [TYPEMCP_CLI, "pack", "--out", folder], { cwd: fromRoot(`packages/${sample}-server`) });
        unpacked = path.join(folder, "unpacked");
        const bundle = fs.readdirSync(folder).find((name) => name.endsWith(".mcpb"))!;
        run(mcpb, ["unpack", path.join(folder, bundle), unpacked], { cwd: folder });
      }, 120_000);

      test("writes an MCP Bundle that mcpb validate accepts, listing the build's tools and the variables the code reads", () => {
        const validated = run(mcpb, ["validate", path.join(unpacked, "manifest.json")], { cwd: folder });
        expect(validated.stdout).toMatch(/validation passes/i);
        const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, "manifest.json"), "utf8"));
        expect(manifest.tools.map((t: { name: string }) => t.name)).toEqual(expected.tools);
        expect(manifest.tools.every((t: { description?: string }) => (t.description ?? "").length > 10)).toBe(true);
        expect(Object.keys(manifest.user_config ?? {})).toEqual(expected.settings);
        expect(manifest.server.mcp_config.env ?? {}).toEqual(Object.fromEntries(expected.settings.map((name) => [name, `\${user_config.${name}}`])));
      });

      test("unpacked, the bundle serves tools/list with Node and answers a call", async () => {
        const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, "manifest.json"), "utf8"));
        const session = await connectToServer(path.join(unpacked, manifest.server.entry_point), { NWS_USER_AGENT: "typemcp-tests (ops@example.test)" });
        try {
          const { tools } = await session.client.listTools();
          expect(tools.map((t) => t.name)).toEqual(expected.tools);
          if (sample === "towns") {
            // The CSV came along in the bundle.
            const town = await session.client.callTool({ name: "get_town", arguments: { town: "Acton" } });
            expect(town.structuredContent).toMatchObject({ town: "Acton" });
          }
        } finally {
          await session.close();
        }
      });

      test("writes a server.json that keeps the MCP Registry's rules, named and versioned as package.json says", () => {
        const pkg = JSON.parse(fs.readFileSync(fromRoot(`packages/${sample}-server/package.json`), "utf8"));
        const validate = ajv.compile(registryRules(pkg));
        const entry = JSON.parse(fs.readFileSync(path.join(folder, "server.json"), "utf8"));
        expect(validate(entry), ajv.errorsText(validate.errors)).toBe(true);
        expect(entry).toMatchObject({
          name: `io.github.typemcp/${sample}`,
          version: "0.1.0",
          packages: [{ registryType: "npm", identifier: `@typemcp/${sample}-server`, transport: { type: "stdio" } }],
        });
        expect((entry.packages[0].environmentVariables ?? []).map((v: { name: string }) => v.name)).toEqual(expected.settings);
      });
    });
  }

  test("says what package.json lacks, and exits 2", () => {
    const dir = fs.mkdtempSync(path.join(out, "no-author-"));
    fs.cpSync(fromRoot("packages/calc-server/src"), path.join(dir, "src"), { recursive: true });
    const base = JSON.parse(fs.readFileSync(fromRoot("tsconfig.base.json"), "utf8"));
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { ...base.compilerOptions, rootDir: "src", outDir: "dist" }, include: ["src"], exclude: ["src/**/*.test.ts"] }),
    );
    fs.symlinkSync(fromRoot("packages/calc-server/node_modules"), path.join(dir, "node_modules"));
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "calc", version: "1.0.0", description: "A calculator.", type: "module" }));
    run(process.execPath, [TYPEMCP_CLI, "build"], { cwd: dir });
    const refused = run(process.execPath, [TYPEMCP_CLI, "pack"], { cwd: dir, allowFailure: true });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('typemcp pack: an MCP Bundle names its author: add "author" to package.json');
    // With an author but no registry name, the bundle is written and server.json is not, saying why.
    fs.writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({ name: "calc", version: "1.0.0", description: "A calculator.", author: "Ada", type: "module" }),
    );
    const packed = run(process.execPath, [TYPEMCP_CLI, "pack"], { cwd: dir });
    expect(fs.existsSync(path.join(dir, "calc-1.0.0.mcpb"))).toBe(true);
    expect(fs.existsSync(path.join(dir, "server.json"))).toBe(false);
    expect(packed.stderr).toContain('typemcp pack: no server.json for the MCP Registry, which names a server in reverse DNS: add "mcpName"');
  }, 60_000);
});

test("the registry rules refuse a server.json that breaks one, naming where", () => {
  const pkg = { name: "@typemcp/weather-server", version: "1.0.0", mcpName: "io.github.typemcp/weather" };
  const validate = ajv.compile(registryRules(pkg));
  const good = {
    $schema: REGISTRY_SCHEMA,
    name: pkg.mcpName,
    description: "Forecasts and alerts.",
    version: "1.0.0",
    packages: [
      {
        registryType: "npm",
        identifier: pkg.name,
        version: "1.0.0",
        transport: { type: "stdio" },
        environmentVariables: [{ name: "NWS_USER_AGENT", description: "Who is asking.", isRequired: true, isSecret: false }],
      },
    ],
  };
  expect(validate(good), ajv.errorsText(validate.errors)).toBe(true);
  // Each breaking: where it is, the rule (ajv keyword) that must catch it, and the change.
  const breakings: [string, string, (entry: typeof good) => void][] = [
    ["/version", "pattern", (e) => (e.version = "^1.0.0")],
    ["/version", "const", (e) => (e.version = "1.0.1")],
    ["/packages/0/version", "pattern", (e) => (e.packages[0]!.version = "latest")],
    ["/name", "pattern", (e) => (e.name = "weather")],
    ["/name", "pattern", (e) => (e.name = "io.github.typemcp/weather/extra")],
    ["/name", "const", (e) => (e.name = "io.github.someone-else/weather")],
    ["", "required", (e) => Reflect.deleteProperty(e, "description")],
    ["/description", "maxLength", (e) => (e.description = "x".repeat(101))],
    ["/$schema", "const", (e) => (e.$schema = "https://example.com/server.schema.json")],
    ["/packages/0/registryType", "const", (e) => (e.packages[0]!.registryType = "pypi")],
    ["/packages/0/identifier", "const", (e) => (e.packages[0]!.identifier = "weather-server")],
    ["/packages/0/transport/type", "const", (e) => (e.packages[0]!.transport.type = "streamable-http")],
    ["/packages/0/environmentVariables/0/isSecret", "type", (e) => Object.assign(e.packages[0]!.environmentVariables[0]!, { isSecret: "false" })],
    ["/packages/0/environmentVariables/0", "required", (e) => Reflect.deleteProperty(e.packages[0]!.environmentVariables[0]!, "description")],
  ];
  for (const [where, rule, breakIt] of breakings) {
    const entry = structuredClone(good);
    breakIt(entry);
    expect(validate(entry), `${where} broken yet accepted`).toBe(false);
    expect(validate.errors!.map((e) => `${e.instancePath} ${e.keyword}`)).toContain(`${where} ${rule}`);
  }
});
