// One start of a platform build (or of the Node bundle over HTTP), from outside: spawn → the first
// tools/list answered, the first tools/call (validators loaded and compiled), then the median of 30
// sequential tools/call round trips. Prints one line, `<runtime> ready_ms=… first_call_ms=… call_ms=…`, for a shell loop to run many times (see bench/README.md).
// Usage: node bench/platform-start.mjs node|deno|deno-serve|bun|workerd BUNDLE RUNTIME_BIN
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const [runtime, given, bin = process.execPath] = process.argv.slice(2);
const bundle = path.resolve(given);
const port = await new Promise((resolve) => {
  const server = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
let args = [bundle];
let cwd = path.dirname(path.resolve(bundle));
if (runtime === "node") args = [bundle, "--http", "--stateless", "--port", String(port)];
if (runtime === "deno") args = ["run", "--allow-env", "--allow-net", "--allow-read", bundle];
// A Workers module under Deno (\`deno serve\` runs \`export default { fetch }\`): the same runtime as
// the deno build, with the validators compiled at build time instead of by ajv at the first call.
if (runtime === "deno-serve") args = ["serve", "--allow-env", "--allow-net", "--allow-read", "--port", String(port), "--host", "127.0.0.1", bundle];
if (runtime === "workerd") {
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-bench-workerd-"));
  fs.copyFileSync(bundle, path.join(cwd, "worker.js"));
  fs.writeFileSync(
    path.join(cwd, "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (services = [ (name = "main", worker = .worker) ], sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ]);
const worker :Workerd.Worker = (modules = [ (name = "worker", esModule = embed "worker.js") ], compatibilityDate = "2025-09-01", compatibilityFlags = ["nodejs_compat"]);
`,
  );
  args = ["serve", "config.capnp"];
}
const started = performance.now();
const child = spawn(bin, args, { cwd, env: { ...process.env, PORT: String(port), MCP_STATELESS: "1" }, stdio: "ignore" });
const post = (id, method, params) =>
  fetch(`http://127.0.0.1:${port}/mcp`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
  }).then((r) => r.text());
let ready;
for (let i = 0; i < 4000 && ready === undefined; i++) {
  try {
    if ((await post(1, "tools/list", {})).includes('"tools"')) ready = performance.now() - started;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
const calls = [];
for (let i = 0; i < 30; i++) {
  const t = performance.now();
  const text = await post(2 + i, "tools/call", { name: "add", arguments: { a: i, b: 1 } });
  calls.push(performance.now() - t);
  if (!text.includes('"structuredContent"')) throw new Error(`unexpected answer: ${text}`);
}
child.kill("SIGKILL");
if (runtime === "workerd") fs.rmSync(cwd, { recursive: true, force: true });
const first = calls[0];
calls.sort((a, b) => a - b);
console.log(`${runtime} ready_ms=${ready?.toFixed(1)} first_call_ms=${first.toFixed(2)} call_ms=${calls[15].toFixed(2)}`);
process.exit(0);
