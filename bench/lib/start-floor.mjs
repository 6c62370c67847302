// Where a bundled server's start-up CPU goes, against what Node itself costs (#52 item 10), for
// `node bench/run.mjs --only start`: a bare `node` that loads nothing; the same `node` loading the
// very bytes the calculator's bundle reads at start with its code wrapped in functions never
// called (read, parsed, cached, nothing run: the runtime's own module loading); the same with the
// MCP SDK's chunk (the SDK and zod) evaluated (over stdio no longer at start: the first message
// that needs it loads it); and with every start chunk but the bundle evaluated.
// Each a fresh process, its CPU read from /proc when it says it is ready, in interleaved rounds.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { median } from "./stats.mjs";

/** The files `bundle` reaches through static imports (`import … from "./x.js"`, `import "./x.js"`), dependencies first. */
export function startFiles(bundle) {
  const order = [];
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, "utf8");
    for (const [, specifier] of text.matchAll(/(?:\bfrom\s*|\bimport\s*)"(\.{1,2}\/[^"]+)"/g)) visit(path.resolve(path.dirname(file), specifier));
    order.push({ file, bytes: Buffer.byteLength(text) });
  };
  visit(bundle);
  return order;
}

/** The chunk of `bundle`'s build that holds the MCP SDK (its message schema), loaded at start or not. */
function sdkChunk(bundle) {
  const dir = bundle.replace(/\.bundle\.js$/, ".chunks");
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const file = path.join(dir, name);
    const text = fs.readFileSync(file, "utf8");
    if (text.includes("JSONRPCMessageSchema=")) return { file, bytes: Buffer.byteLength(text) };
  }
  return undefined;
}

/** Copies of `files` whose code sits in an async function never called, imported by one `all.mjs`: returns its path. */
function inertCopies(files, dir) {
  files.forEach(({ file }, i) => {
    const body = fs
      .readFileSync(file, "utf8")
      .replace(/\bimport\s*(\{[^}]*\}\s*from\s*|[\w$]+\s*from\s*|\*\s*as\s*[\w$]+\s*from\s*)?"[^"]+"\s*;?/g, "")
      .replace(/\bexport\s*\{[^}]*\}\s*;?/g, "")
      .replace(/\bexport\s+default\s+/g, "");
    fs.writeFileSync(path.join(dir, `f${i}.mjs`), `export async function never(){${body}\n}\n`);
  });
  const all = path.join(dir, "all.mjs");
  fs.writeFileSync(all, files.map((_, i) => `import "./f${i}.mjs";\n`).join(""));
  return all;
}

/** CPU (ms, all threads) a fresh `node` has used once it has imported `modules`, read before it exits. */
async function importCpu(node, modules, cacheDir) {
  const code = `${modules.map((m) => `await import(${JSON.stringify(m)});`).join("")}process.stdout.write("ready\\n");process.stdin.resume();`;
  const child = spawn(node, ["--input-type=module", "-e", code], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, NODE_COMPILE_CACHE: cacheDir },
  });
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (status) => reject(new Error(`node importing ${modules.join(", ")} exited with ${status}`)));
  });
  let ns = 0;
  for (const tid of fs.readdirSync(`/proc/${child.pid}/task`)) {
    try {
      ns += Number(fs.readFileSync(`/proc/${child.pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill();
  await exited;
  return ns / 1e6;
}

/**
 * `rounds` interleaved rounds of each case on `node`, with Node's compile cache on (as the
 * bundle's entry turns it on; the first round fills it and is not counted). Returns `[{ label, bytes, cpuMs }]`, medians.
 */
export async function startFloor(node, bundle, { rounds }) {
  const files = startFiles(bundle);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-start-floor-"));
  try {
    const sdk = sdkChunk(bundle);
    const chunks = files.filter(({ file }) => file !== bundle);
    const sum = (list) => list.reduce((total, f) => total + f.bytes, 0);
    const cases = [
      { label: "bare node, nothing loaded", modules: [], bytes: 0 },
      { label: "the same bytes loaded, nothing run", modules: [inertCopies(files, dir)], bytes: sum(files) },
      ...(sdk
        ? [
            {
              label: `the SDK + zod chunk evaluated (${files.some((f) => f.file === sdk.file) ? "at start" : "at the first call"})`,
              modules: [sdk.file],
              bytes: sdk.bytes,
            },
          ]
        : []),
      { label: "every start chunk but the bundle evaluated", modules: chunks.map((f) => f.file), bytes: sum(chunks) },
    ];
    const cpu = cases.map(() => []);
    for (let round = 0; round <= rounds; round++) {
      for (let k = 0; k < cases.length; k++) {
        const i = (k + round) % cases.length;
        const ms = await importCpu(node, cases[i].modules, path.join(dir, "cache"));
        if (round > 0) cpu[i].push(ms);
      }
    }
    return cases.map((c, i) => ({ label: c.label, bytes: c.bytes, cpuMs: median(cpu[i]) }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
