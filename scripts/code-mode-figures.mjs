// The context-cost figures docs/chat.md gives for code mode: every byte sent to the model,
// over every request of one multi-step task, with all tools, with --lazy-tools and with code
// mode. Measured, not typed in: five MCP servers (test/fixtures/office-servers.mjs, 55 tools)
// run over stdio; a fake Anthropic Messages API on 127.0.0.1 plays the model from a fixed script
// (so the figures never move) and counts the bytes of each request body it receives; the real
// ChatSession, router and (for code mode) Deno sandbox do the rest. The task: list 100 customer
// records, keep the churned ones in Lyon, set the status of three of them.
//   node scripts/code-mode-figures.mjs           rewrite the table in the doc
//   node scripts/code-mode-figures.mjs --check   exit 1 if the doc's table is not what a run gives now
// Code mode needs Deno (TYPEMCP_DENO, node_modules/.bin/deno or PATH; the tests use deno@2.9.6 from npm).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ChatSession, connectServer, createAnthropicModel, createDenoSandbox } from "typemcp/host";

const root = fileURLToPath(new URL("..", import.meta.url));
const doc = path.join(root, "packages/framework/docs/chat.md");
const office = path.join(root, "test/fixtures/office-servers.mjs");
const START = "<!-- code-mode-figures:start (scripts/code-mode-figures.mjs) -->";
const END = "<!-- code-mode-figures:end -->";
const NAMES = ["crm", "mail", "calendar", "files", "billing"];
const PICKED = [6, 21, 36];

const use = (name, input) => ({ name, input });
const PROGRAM = [
  "const { records } = await crm.list_records();",
  'const lost = records.filter((r) => r.city === "Lyon" && r.status === "churned").slice(0, 3);',
  'for (const r of lost) await crm.update_status({ id: r.id, status: "lead" });',
  'console.log(lost.map((r) => `${r.id} ${r.name}`).join("\\n"));',
].join("\n");
const ANSWER = "Customers 6, 21 and 36 (churned, Lyon) are leads again.";
// What the model does in each setting, one entry per model request.
const SCRIPTS = {
  all: [[use("crm__list_records", {})], PICKED.map((id) => use("crm__update_status", { id, status: "lead" })), ANSWER],
  lazy: [
    [use("find_tools", { query: "customer records status" })],
    [use("get_tool_schema", { name: "crm__list_records" }), use("get_tool_schema", { name: "crm__update_status" })],
    [use("crm__list_records", {})],
    PICKED.map((id) => use("crm__update_status", { id, status: "lead" })),
    ANSWER,
  ],
  code: [
    [use("search_tools", { query: "list customer records" }), use("search_tools", { query: "set customer status" })],
    [use("run_program", { code: PROGRAM })],
    ANSWER,
  ],
};

const connections = await Promise.all(
  NAMES.map((name) =>
    connectServer(
      { kind: "stdio", name, command: process.execPath, args: [office, name], inheritEnv: false },
      { timeoutMs: 30_000, clientName: "code-mode-figures", clientVersion: "1.0.0" },
    ),
  ),
);
try {
  const servers = connections.map((c, i) => ({ name: NAMES[i], tools: c.tools, call: (tool, args, o) => c.call(tool, args, o) }));
  const toolCount = servers.reduce((n, s) => n + s.tools.length, 0);
  const sandbox = createDenoSandbox();
  const runs = {};
  for (const mode of ["all", "lazy", "code"]) runs[mode] = await measure(mode, servers, sandbox);
  const saved = (mode) => `${((1 - runs[mode].total / runs.all.total) * 100).toFixed(1)} %`;
  const row = (label, mode) =>
    `| ${label} | ${runs[mode].requests.length} | ${n(runs[mode].requests[0])} | ${runs[mode].requests.map(n).join(" + ")} | ${n(runs[mode].total)} ≈ ${n(Math.ceil(runs[mode].total / 4))} | ${mode === "all" ? "—" : saved(mode)} |`;
  const table = [
    START,
    `${toolCount} tools on ${NAMES.length} servers (${servers.map((s) => `${s.name} ${s.tools.length}`).join(", ")}); the task: list 100 customer records (${n(runs.all.recordBytes)} bytes of JSON), keep the churned ones in Lyon, set the status of three. Bytes of every request body the model's API received, the whole task (tokens estimated as bytes / 4):`,
    "",
    "| setting | requests | first request | each request | whole task | saved |",
    "|---|---|---|---|---|---|",
    row("every tool's definition", "all"),
    row("`--lazy-tools`", "lazy"),
    row("`--code`", "code"),
    END,
  ].join("\n");
  const text = fs.readFileSync(doc, "utf8");
  const at = text.indexOf(START);
  const end = text.indexOf(END);
  if (at < 0 || end < at) throw new Error(`${doc} has no ${START} … ${END} markers`);
  const next = text.slice(0, at) + table + text.slice(end + END.length);
  if (process.argv.includes("--check")) {
    if (next !== text) {
      console.error(`${path.relative(root, doc)}: the code mode figures are out of date; run node scripts/code-mode-figures.mjs`);
      process.exitCode = 1;
    } else console.log("code mode figures are up to date");
  } else {
    fs.writeFileSync(doc, next);
    console.log(table);
  }
} finally {
  await Promise.all(connections.map((c) => c.close()));
}

// One run of the task in one setting: the size of each request body, in order.
async function measure(mode, servers, sandbox) {
  const requests = [];
  let recordBytes = 0;
  let ids = 0;
  const api = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8").on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const send = (payload) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(payload));
      if (req.method === "GET") return send({ id: "figures", type: "model", display_name: "figures", created_at: "2026-01-01T00:00:00Z" });
      const step = requests.length;
      requests.push(Buffer.byteLength(body));
      // The list's result as the model reads it, in the all-tools run.
      const fed = JSON.parse(body).messages.at(-1).content;
      if (mode === "all" && step === 1) recordBytes = Buffer.byteLength(fed.find((b) => b.type === "tool_result").content);
      const turn = SCRIPTS[mode][step];
      const content = typeof turn === "string" ? [{ type: "text", text: turn }] : turn.map((call) => ({ type: "tool_use", id: `toolu_${++ids}`, ...call }));
      send({
        id: `msg_${step}`,
        type: "message",
        role: "assistant",
        model: "figures",
        content,
        stop_reason: typeof turn === "string" ? "end_turn" : "tool_use",
        usage: { input_tokens: 0, output_tokens: 0 },
      });
    });
  });
  await new Promise((resolve) => api.listen(0, "127.0.0.1", resolve));
  try {
    const model = await createAnthropicModel({ apiKey: "figures", model: "figures", baseUrl: `http://127.0.0.1:${api.address().port}` });
    const chat = new ChatSession({
      servers,
      model,
      consent: () => "yes",
      ...(mode === "lazy" && { lazyTools: true }),
      ...(mode === "code" && { code: { sandbox } }),
    });
    const outcome = await chat.send("Find the churned customers in Lyon and make three of them leads again.");
    if (outcome.answer !== ANSWER) throw new Error(`the ${mode} run did not end with the scripted answer: ${JSON.stringify(outcome)}`);
    return { requests, total: requests.reduce((a, b) => a + b, 0), recordBytes };
  } finally {
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
  }
}

function n(value) {
  return value.toLocaleString("en-US");
}
