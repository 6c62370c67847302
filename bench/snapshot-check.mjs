// `node bench/snapshot-check.mjs [--quick] [--node24 PATH]`: what a V8 start-up snapshot would
// give typemcp's calculator on Node 24, against the shipped build (compile cache) and the no-SDK
// floor, in one interleaved run; and what a blob does on another Node. The numbers behind the
// bench README's decision not to offer `typemcp build --snapshot`.
//
// The snapshot tried is the most that can be made safe: dependencies only. typemcp's runtime,
// the SDK and zod are bundled into one CommonJS file and evaluated at build time, with one
// throwaway SDK session run then so that the schemas the SDK builds on first use are built
// too; the author's code (the calculator class and its entry) is read and run at start, since
// it may read the environment (towns reads TOWNS_CSV at start) and nothing of that may be
// frozen into the blob. Everything is written to a temporary folder and removed afterwards.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchNodes } from "./lib/bench-nodes.mjs";
import { coldStart } from "./lib/scenarios.mjs";
import { median } from "./lib/stats.mjs";
import { esbuild } from "../packages/framework/dist/vendor/esbuild.js";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const STARTS = process.argv.includes("--quick") ? 7 : 15;
const node24 = benchNodes().find((n) => n.major >= 24);
if (!node24) throw new Error("snapshot-check needs Node 24: run it without --no-node24.");

/** Builds the blob in `dir` with `nodePath`; returns its path. */
async function buildSnapshot(dir, nodePath) {
  const calc = here("../packages/calc-server");
  // The SDK's Node shims would evaluate ajv at import: left out, as typemcp's own bundles do.
  const withoutAjvProvider = {
    name: "without-sdk-ajv-provider",
    setup(build) {
      build.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, (args) => ({ path: args.path, namespace: "shims" }));
      build.onLoad({ filter: /.*/, namespace: "shims" }, () => ({
        loader: "js",
        resolveDir: dir,
        contents: `export { default as process } from "node:process"; export class DefaultJsonSchemaValidator { getValidator() { throw new Error("not in this snapshot"); } }`,
      }));
    },
  };
  fs.writeFileSync(path.join(dir, "deps-entry.mjs"), DEPS_ENTRY);
  const deps = await esbuild.build({
    entryPoints: [path.join(dir, "deps-entry.mjs")],
    bundle: true,
    write: false,
    platform: "node",
    format: "cjs",
    target: "node20",
    minifyWhitespace: true,
    minifySyntax: true,
    nodePaths: [path.join(calc, "node_modules"), here("../packages/framework/node_modules")],
    plugins: [withoutAjvProvider],
    logLevel: "error",
  });
  // The author's code, with `typemcp` taken from what the snapshot holds.
  const author = await esbuild.build({
    stdin: {
      contents: `import { serve } from "typemcp"; import { Calculator } from ${JSON.stringify(path.join(calc, "dist/calculator.js"))};
await serve(new Calculator(), { name: "calc", title: "Calculator", version: "1.0.0", instructions: "Arithmetic tools." });`,
      loader: "js",
      resolveDir: calc,
    },
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node22",
    external: ["typemcp"],
    logLevel: "error",
  });
  const authorCode = author.outputFiles[0].text.replace(
    /^import \{([^}]*)\} from "typemcp";$/gm,
    (_, names) => `const {${names.replace(/ as /g, ": ")}} = globalThis.__typemcpSnapshot.typemcp;`,
  );
  fs.writeFileSync(path.join(dir, "author.js"), authorCode);
  const entry = path.join(dir, "snapshot-entry.cjs");
  fs.writeFileSync(entry, `${deps.outputFiles[0].text}\n${SNAPSHOT_MAIN}`);
  const blob = path.join(dir, "calc.blob");
  execFileSync(nodePath, ["--snapshot-blob", blob, "--build-snapshot", entry], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  return blob;
}

const DEPS_ENTRY = `import * as typemcp from "typemcp";
import { Server } from "@modelcontextprotocol/server";
// One throwaway session at build time: the SDK builds its era schemas and zod its parsers on
// first use, and those are then in the snapshot too. No environment is read here.
async function warm() {
  const server = new Server({ name: "warm", version: "0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({ tools: [{ name: "x", inputSchema: { type: "object" } }] }));
  server.setRequestHandler("tools/call", () => ({ content: [{ type: "text", text: "1" }], structuredContent: { result: 1 } }));
  const sent = [];
  const transport = { start: async () => {}, send: async (m) => void sent.push(m), close: async () => {} };
  await server.connect(transport);
  transport.onmessage({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "w", version: "0" } } });
  await new Promise((resolve) => setTimeout(resolve, 10));
  transport.onmessage({ jsonrpc: "2.0", method: "notifications/initialized" });
  transport.onmessage({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
  transport.onmessage({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "x", arguments: {} } });
  await new Promise((resolve) => setTimeout(resolve, 10));
  await server.close();
  if (sent.length !== 3) throw new Error("snapshot warm-up: expected 3 answers, got " + sent.length);
}
globalThis.__typemcpSnapshot = { typemcp, warm };
`;

// A deserialized main function has no dynamic import(), so the author's code runs as the body of
// an async function rather than as the module it was.
const SNAPSHOT_MAIN = `
globalThis.__typemcpSnapshot.warm();
require("node:v8").startupSnapshot.setDeserializeMainFunction(() => {
  const source = require("node:fs").readFileSync(process.env.TYPEMCP_AUTHOR_JS, "utf8");
  const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
  new AsyncFunction(source)().catch((error) => { console.error(error); process.exit(1); });
});
`;

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-snapshot-"));
  try {
    const blob = await buildSnapshot(work, node24.path);
    const servers = [
      { label: "snapshot (dependencies only)", command: [node24.path, "--snapshot-blob", blob], env: { TYPEMCP_AUTHOR_JS: path.join(work, "author.js") } },
      { label: "typemcp calc (compile cache)", command: [node24.path, here("../packages/calc-server/dist/calc.js")] },
      { label: "no SDK (floor)", command: [node24.path, here("servers/raw-jsonrpc-calc.mjs")] },
    ];
    const starts = servers.map(() => []);
    for (let i = 0; i < STARTS; i++) {
      for (let k = 0; k < servers.length; k++) {
        const s = (k + i) % servers.length;
        starts[s].push(await coldStart(servers[s].command, 1, servers[s].env));
      }
    }
    const med = (s, field) => median(starts[s].map((x) => x[field]));
    console.log(
      `\n${node24.label}, ${new Date().toISOString().slice(0, 16)}Z, load average ${os.loadavg()[0].toFixed(1)}: medians of ${STARTS} interleaved cold starts (spawn → initialize → tools/list)\n`,
    );
    console.log(`${"server".padEnd(30)}${"list ms".padStart(9)}${"start CPU ms".padStart(14)}`);
    servers.forEach((server, s) =>
      console.log(`${server.label.padEnd(30)}${med(s, "listMs").toFixed(1).padStart(9)}${med(s, "startCpuMs").toFixed(0).padStart(14)}`),
    );
    const ratio = (a, b, field) => (med(a, field) / med(b, field)).toFixed(2);
    console.log(`\nsnapshot ÷ compile-cached build: ${ratio(0, 1, "listMs")} wall, ${ratio(0, 1, "startCpuMs")} CPU`);
    console.log(`snapshot ÷ floor:               ${ratio(0, 2, "listMs")} wall, ${ratio(0, 2, "startCpuMs")} CPU`);
    console.log(`(the blob is ${(fs.statSync(blob).size / 1024 / 1024).toFixed(1)} MB)`);
    if (process.execPath !== node24.path) {
      const other = spawnSync(process.execPath, ["--snapshot-blob", blob], { input: "", encoding: "utf8" });
      console.log(`\nthe same blob on ${process.version}: exit status ${other.status}, "${other.stderr.trim().split("\n")[0]}"`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
