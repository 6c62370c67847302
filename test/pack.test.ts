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
// tools/list with Node; server.json validates against the MCP Registry's published schema
// (vendored in test/fixtures/mcp-registry, as the tests have no network).
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
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

      test("writes a server.json the MCP Registry's schema accepts", () => {
        const schema = JSON.parse(fs.readFileSync(fromRoot("test/fixtures/mcp-registry/server.schema.json"), "utf8"));
        const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
        const validate = ajv.compile(schema);
        const entry = JSON.parse(fs.readFileSync(path.join(folder, "server.json"), "utf8"));
        expect(validate(entry), JSON.stringify(validate.errors)).toBe(true);
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
  }, 60_000);
});
