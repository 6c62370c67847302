import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fromRoot, TYPEMCP_CLI } from "./support/paths.js";
import { run } from "./support/run.js";
import { installFromNpm } from "./support/runtimes.js";
import { readZip } from "./support/read-zip.js";
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

/**
 * A copy of the calculator package that `typemcp pack` runs in: the same sources plus
 * `src/unused.ts`, a tool class and a variable in a file `calc.ts` never imports, so the build
 * compiles it and the served entry never loads it. Built once; each test packs a copy of it.
 */
describe("typemcp pack on a package of one's own", () => {
  let root: string;
  let built: string;
  const base = JSON.parse(fs.readFileSync(fromRoot("tsconfig.base.json"), "utf8"));
  const packageJson = { name: "calc", version: "1.0.0", description: "A calculator.", author: "Ada", type: "module" };

  /** A new package folder under `root`: the calculator's sources, a tsconfig, node_modules, and `pkg` as package.json. */
  function makePackage(name: string, pkg: object = packageJson): string {
    const dir = path.join(root, name, "package");
    fs.cpSync(fromRoot("packages/calc-server/src"), path.join(dir, "src"), { recursive: true, filter: (file) => !file.endsWith(".test.ts") });
    fs.writeFileSync(
      path.join(dir, "src", "unused.ts"),
      `import { tool } from "typemcp";\n\n/** Never served: calc.ts does not import this file. */\nexport class Unused {\n  /** Says hello to UNUSED_GREETING. */\n  @tool()\n  greet(): string {\n    return process.env.UNUSED_GREETING ?? "hello";\n  }\n}\n`,
    );
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { ...base.compilerOptions, rootDir: "src", outDir: "dist" }, include: ["src"] }),
    );
    fs.symlinkSync(fromRoot("packages/calc-server/node_modules"), path.join(dir, "node_modules"));
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg));
    return dir;
  }

  /** A copy of the built package, with `pkg` as its package.json. */
  function copyBuilt(name: string, pkg: object = packageJson): string {
    const dir = path.join(root, name, "package");
    fs.cpSync(built, dir, { recursive: true, verbatimSymlinks: true });
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg));
    return dir;
  }

  const pack = (dir: string, ...args: string[]) => run(process.execPath, [TYPEMCP_CLI, "pack", ...args], { cwd: dir, allowFailure: true });

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-pack-own-"));
    built = makePackage("built");
    run(process.execPath, [TYPEMCP_CLI, "build"], { cwd: built });
  }, 120_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  test("says what package.json lacks before it type-checks anything: a source that does not type-check is never reached", () => {
    const dir = makePackage("no-author", { name: "calc", version: "1.0.0", description: "A calculator.", type: "module" });
    // The build would stop on this; pack must not get that far.
    fs.appendFileSync(path.join(dir, "src", "calculator.ts"), `\nexport const broken: number = "not a number";\n`);
    const refused = pack(dir);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe('typemcp pack: an MCP Bundle names its author: add "author" to package.json (e.g. "Ada Lovelace <ada@example.com>").\n');
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".mcpb"))).toEqual([]);
  });

  test("says the build is missing before it type-checks anything", () => {
    const dir = makePackage("not-built");
    fs.appendFileSync(path.join(dir, "src", "calculator.ts"), `\nexport const broken: number = "not a number";\n`);
    const refused = pack(dir);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(`typemcp pack: dist/calc.js is not built yet (nor 2 other files): run typemcp build first.\n`);
  });

  test("refuses an environment variable name that is no name, naming it, before it type-checks anything", () => {
    const dir = makePackage("bad-variable", { ...packageJson, typemcp: { env: { GOOD_NAME: "fine", "BAD\nNAME": "a newline in it" } } });
    const refused = pack(dir);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(
      'typemcp pack: package.json "typemcp.env" names "BAD\\nNAME", which is no environment variable name: use letters, digits and _, not starting with a digit.\n',
    );
  });

  test("lists in the manifest exactly the tools and variables the served entry serves, not those of a file it never loads", async () => {
    const dir = copyBuilt("served");
    const packed = pack(dir);
    expect(packed.status, packed.stderr).toBe(0);
    const bundle = readZip(fs.readFileSync(path.join(dir, "calc-1.0.0.mcpb")));
    const manifest = JSON.parse(bundle.get("manifest.json")!.toString("utf8"));
    const session = await connectToServer(path.join(dir, manifest.server.entry_point));
    try {
      const { tools } = await session.client.listTools();
      expect(manifest.tools.map((t: { name: string }) => t.name)).toEqual(tools.map((t) => t.name));
    } finally {
      await session.close();
    }
    expect(manifest.tools.map((t: { name: string }) => t.name)).toEqual(SAMPLES.calc.tools);
    expect(manifest.user_config).toBeUndefined();
  });

  test("carries the code the entry runs and the files it reads, leaving out compiled tests, modules the bundle holds and an earlier build's leftovers, saying so", async () => {
    const dir = copyBuilt("only-what-runs");
    fs.writeFileSync(path.join(dir, "dist", "extra.js"), "export const left = 1;\n");
    fs.writeFileSync(path.join(dir, "dist", "rates.json"), "{}\n");
    const packed = pack(dir);
    expect(packed.status, packed.stderr).toBe(0);
    const lines = packed.stderr.split("\n").filter((line) => line.includes("left out"));
    expect(lines).toContain("typemcp pack: left out dist/extra.js: no source file writes it now: an earlier build left it.");
    expect(lines).toContain("typemcp pack: left out dist/unused.js: dist/calc.js never runs it.");
    const names = [...readZip(fs.readFileSync(path.join(dir, "calc-1.0.0.mcpb"))).keys()];
    // The loader, the bundle it starts and the bundle's chunks; a data file stays whatever runs it.
    expect(names).toEqual(expect.arrayContaining(["dist/calc.js", "dist/calc.bundle.js", "dist/rates.json"]));
    expect(names.filter((name) => name.startsWith("dist/") && !name.startsWith("dist/calc.chunks/")).sort()).toEqual([
      "dist/calc.bundle.js",
      "dist/calc.js",
      "dist/rates.json",
    ]);
    expect(names.some((name) => name.startsWith("dist/calc.chunks/"))).toBe(true);
    // What is left is enough: unpacked alone, the bundle serves and answers.
    const unpacked = path.join(root, "only-what-runs", "unpacked");
    for (const [name, data] of readZip(fs.readFileSync(path.join(dir, "calc-1.0.0.mcpb")))) {
      fs.mkdirSync(path.dirname(path.join(unpacked, name)), { recursive: true });
      fs.writeFileSync(path.join(unpacked, name), data);
    }
    const session = await connectToServer(path.join(unpacked, "dist", "calc.js"));
    try {
      const answer = await session.client.callTool({ name: "add", arguments: { a: 2, b: 3 } });
      expect(answer.structuredContent).toEqual({ result: 5 });
    } finally {
      await session.close();
    }
  });

  test("writes only inside --out: a package name with .. in it is refused, and a link already at the bundle's name is replaced, not followed", () => {
    const escaping = copyBuilt("escape", { ...packageJson, name: "@x/../outside/escaped" });
    const out = path.join(root, "escape", "out", "bundles");
    const refused = pack(escaping, "--out", out);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('typemcp pack: package.json "name" is "@x/../outside/escaped", which is no npm package name');
    expect(fs.existsSync(path.join(root, "escape", "out", "outside"))).toBe(false);
    expect(fs.existsSync(path.join(out, "outside"))).toBe(false);

    const dir = copyBuilt("linked-out");
    const victim = path.join(root, "linked-out", "victim.txt");
    fs.writeFileSync(victim, "not yours\n");
    const linkedOut = path.join(root, "linked-out", "out");
    fs.mkdirSync(linkedOut);
    fs.symlinkSync(victim, path.join(linkedOut, "calc-1.0.0.mcpb"));
    const packed = pack(dir, "--out", linkedOut);
    expect(packed.status, packed.stderr).toBe(0);
    expect(fs.readFileSync(victim, "utf8")).toBe("not yours\n");
    expect(fs.lstatSync(path.join(linkedOut, "calc-1.0.0.mcpb")).isFile()).toBe(true);
    expect(readZip(fs.readFileSync(path.join(linkedOut, "calc-1.0.0.mcpb"))).has("dist/calc.js")).toBe(true);
  });

  test('refuses a package.json "files" path outside the package, so no entry leaves the bundle\'s folder', () => {
    const dir = copyBuilt("files-outside", { ...packageJson, files: ["dist", "../secret.txt"] });
    fs.writeFileSync(path.join(root, "files-outside", "secret.txt"), "hunter2\n");
    const refused = pack(dir);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(
      'typemcp pack: package.json "files" names "../secret.txt", outside the package: a bundle carries only the package\'s own files.\n',
    );
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".mcpb"))).toEqual([]);
  });

  test("refuses a symbolic link that leads out of the package, naming it", () => {
    const dir = copyBuilt("symlink-out");
    const secret = path.join(root, "symlink-out", "secret.txt");
    fs.writeFileSync(secret, "hunter2\n");
    fs.symlinkSync(secret, path.join(dir, "dist", "notes.txt"));
    const refused = pack(dir);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`typemcp pack: dist/notes.txt is a symbolic link to ${fs.realpathSync(secret)}, outside the package`);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".mcpb"))).toEqual([]);
  });

  test("leaves .env files, credentials and private keys out of the bundle, saying so for each", () => {
    const dir = copyBuilt("secrets", { ...packageJson, files: ["dist", ".env", "certs"] });
    const key = `-----BEGIN PRIVATE KEY-----\n${"MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7".repeat(3)}\n-----END PRIVATE KEY-----\n`;
    fs.writeFileSync(path.join(dir, ".env"), "API_TOKEN=hunter2\n");
    fs.writeFileSync(path.join(dir, "dist", ".env"), "API_TOKEN=hunter2\n");
    fs.writeFileSync(path.join(dir, "dist", ".env.production"), "API_TOKEN=hunter2\n");
    fs.writeFileSync(path.join(dir, "dist", ".npmrc"), "//registry.npmjs.org/:_authToken=npm_secret\n");
    fs.mkdirSync(path.join(dir, "certs"));
    fs.writeFileSync(path.join(dir, "certs", "server.pem"), key);
    fs.writeFileSync(path.join(dir, "certs", "id_ed25519"), "private\n");
    // A certificate with no key in it is what a server may need to trust another: it goes in.
    fs.writeFileSync(path.join(dir, "certs", "ca.pem"), "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    const packed = pack(dir);
    expect(packed.status, packed.stderr).toBe(0);
    expect(packed.stderr.split("\n").filter((line) => line.includes("no secrets"))).toEqual([
      "typemcp pack: left out dist/.env (an environment file): a bundle carries no secrets.",
      "typemcp pack: left out dist/.env.production (an environment file): a bundle carries no secrets.",
      "typemcp pack: left out dist/.npmrc (a credentials file): a bundle carries no secrets.",
      "typemcp pack: left out .env (an environment file): a bundle carries no secrets.",
      "typemcp pack: left out certs/id_ed25519 (an SSH private key): a bundle carries no secrets.",
      "typemcp pack: left out certs/server.pem (it holds a private key): a bundle carries no secrets.",
    ]);
    const names = [...readZip(fs.readFileSync(path.join(dir, "calc-1.0.0.mcpb"))).keys()];
    expect(names).toContain("dist/calc.js");
    expect(names).toContain("certs/ca.pem");
    expect(names.filter((name) => /\.env|npmrc|id_ed25519|server\.pem/.test(name))).toEqual([]);
    expect(names.every((name) => !name.startsWith("/") && !name.split("/").includes(".."))).toBe(true);
  });
});
