// Drives `typemcp dev --inspect` with no browser: starts it in a scratch project in the OS temp
// folder, then talks to the MCP Inspector's web backend the way its UI does (GET /api/config for
// the command it was given, POST /api/mcp/connect, POST /api/mcp/send, the /api/mcp/events
// stream for answers), edits the source and calls the new tool in the same Inspector session.
// Not part of the vitest suite: it downloads the Inspector through npx. Run after a build:
//   node test/manual/inspect-dev.mjs
// It prints each step; every answer should be a result, the last one 42.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
const repo = fileURLToPath(new URL("../..", import.meta.url));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-inspect-home-"));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-inspect-"));
fs.mkdirSync(path.join(dir, "src"));
fs.mkdirSync(path.join(dir, "node_modules"));
fs.symlinkSync(path.join(repo, "packages/framework"), path.join(dir, "node_modules/typemcp"), "dir");
fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "insp", type: "module", bin: { insp: "./dist/server.js" } }));
fs.writeFileSync(
  path.join(dir, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      skipLibCheck: true,
      types: [],
      rootDir: "src",
      outDir: "dist",
    },
    include: ["src"],
  }),
);
const src = (extra) =>
  `import { serve, tool } from "typemcp";\nclass T {\n  /** Add. @param a First. @param b Second. */\n  @tool() add(a: number, b: number): number {\n    return a + b;\n  }\n${extra}}\nserve(new T(), { name: "insp", version: "1.0.0" });\n`;
fs.writeFileSync(path.join(dir, "src/server.ts"), src(""));
const env = {
  ...process.env,
  HOME: scratch,
  MCP_AUTO_OPEN_ENABLED: "false",
  CLIENT_PORT: "16274",
  SERVER_PORT: "16277",
  BROWSER: "none",
  MCP_INSPECTOR_SECRET_STORE: "memory",
};
const child = spawn(process.execPath, [path.join(repo, "packages/framework/bin/typemcp.js"), "dev", "--inspect"], {
  cwd: dir,
  env,
  detached: true,
  stdio: ["ignore", "pipe", "pipe"],
});
let out = "";
child.stdout.on("data", (c) => (out += c));
child.stderr.on("data", (c) => (out += c));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(new Date().toISOString().slice(11, 23), ...a);
try {
  let m;
  for (let i = 0; i < 120 && !(m = /(http:\/\/127\.0\.0\.1:\d+)\?MCP_INSPECTOR_API_TOKEN=([0-9a-f]+)/.exec(out)); i++) await sleep(500);
  if (!m) throw new Error(`no URL:\n${out}`);
  const [, base, token] = m;
  log("inspector at", base);
  const api = async (method, p, body) => {
    const r = await fetch(base + p, {
      method,
      headers: { "x-mcp-remote-auth": `Bearer ${token}`, "content-type": "application/json" },
      body: body && JSON.stringify(body),
    });
    const text = await r.text();
    try {
      return JSON.parse(text);
    } catch {
      return { status: r.status, text: text.slice(0, 300) };
    }
  };
  const config = await api("GET", "/api/config");
  log("config", JSON.stringify(config).slice(0, 600));
  // What the UI's "Connect" sends for the command the launcher was given.
  const mcpConfig = { type: "stdio", command: config.defaultCommand, args: config.defaultArgs, cwd: config.defaultCwd, env: config.defaultEnvironment };
  const conn = await api("POST", "/api/mcp/connect", { config: mcpConfig });
  log("connect", JSON.stringify(conn));
  const events = [];
  void (async () => {
    const r = await fetch(`${base}/api/mcp/events?sessionId=${conn.sessionId}`, { headers: { "x-mcp-remote-auth": `Bearer ${token}` } });
    const dec = new TextDecoder();
    for await (const chunk of r.body)
      for (const line of dec.decode(chunk).split("\n"))
        if (line.startsWith("data:")) {
          events.push(line);
          log("event", line.slice(0, 300));
        }
  })().catch((e) => log("events ended", e.message));
  await sleep(300);
  const send = (id, method, params) =>
    api("POST", "/api/mcp/send", { sessionId: conn.sessionId, message: { jsonrpc: "2.0", id, method, ...(params ? { params } : {}) } });
  log(
    "initialize",
    JSON.stringify(await send(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "headless", version: "1" } })).slice(
      0,
      400,
    ),
  );
  await api("POST", "/api/mcp/send", { sessionId: conn.sessionId, message: { jsonrpc: "2.0", method: "notifications/initialized" } });
  log("tools/list", JSON.stringify(await send(2, "tools/list")).slice(0, 400));
  log("tools/call", JSON.stringify(await send(3, "tools/call", { name: "add", arguments: { a: 2, b: 3 } })));
  fs.writeFileSync(
    path.join(dir, "src/server.ts"),
    src(`  /** Multiply. @param a First. @param b Second. */\n  @tool() multiply(a: number, b: number): number {\n    return a * b;\n  }\n`),
  );
  // typemcp dev's own report reaches the Inspector as a stdio_log event, then the host hears list_changed.
  for (let i = 0; i < 60 && !events.some((e) => e.includes("notifications/tools/list_changed")); i++) await sleep(500);
  log("tools/list after edit", JSON.stringify(await send(4, "tools/list")).slice(0, 600));
  log("tools/call multiply", JSON.stringify(await send(5, "tools/call", { name: "multiply", arguments: { a: 6, b: 7 } })));
} catch (e) {
  console.error("FAILED", e, "\n--- output:\n", out);
} finally {
  process.kill(-child.pid, "SIGTERM");
  await sleep(1000);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
  log(
    `--- full output:\n${out
      .split("\n")
      .filter((l) => !/EBADENGINE|npm warn/.test(l))
      .join("\n")}`,
  );
}
