// The context-cost figures docs/code-mode.md gives for code mode: every byte sent to the model over
// every request of a whole task, sending every tool's definition against --code, for three
// multi-step tasks of different shapes. Measured, not typed in: nine MCP servers over stdio (the
// five of test/fixtures/office-servers.mjs, the calc, towns and weather samples and
// @modelcontextprotocol/server-everything: 83 tools), a fake Anthropic Messages API on 127.0.0.1
// that plays the model from a fixed script (so the figures never move) and counts the bytes of
// each request body, and the real ChatSession, router, Anthropic adapter and (for code mode) Deno
// sandbox. The scripted model only uses what its context has shown it: each turn names what it
// learned (`learned`), and the run fails if the request it answers (its tools or its messages)
// does not contain it.
//   node scripts/code-mode-figures.mjs           rewrite the table in the doc
//   node scripts/code-mode-figures.mjs --check   exit 1 if the doc's table is not what a run gives now
// Code mode needs Deno (TYPEMCP_DENO, node_modules/.bin/deno or PATH; the tests use deno@2.9.6 from npm).
// Build the workspace first (the sample servers run from their dist/).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ChatSession, connectServer, createAnthropicModel, createDenoSandbox } from "typemcp/host";
import { TASKS } from "./code-mode-tasks.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const doc = path.join(root, "packages/framework/docs/code-mode.md");
const office = path.join(root, "test/fixtures/office-servers.mjs");
const START = "<!-- code-mode-figures:start (scripts/code-mode-figures.mjs) -->";
const END = "<!-- code-mode-figures:end -->";
const SERVERS = [
  ...["crm", "mail", "calendar", "files", "billing"].map((name) => ({ name, args: [office, name] })),
  { name: "calc", args: ["packages/calc-server/dist/calc.js"] },
  { name: "towns", args: ["packages/towns-server/dist/towns.js"] },
  { name: "weather", args: ["packages/weather-server/dist/weather.js"] },
  { name: "everything", args: ["node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"] },
];
/** The smallest prompt Anthropic caches (1,024 tokens), in bytes at about 4 a token: what the adapter marks no less than. */
const MIN_CACHED_BYTES = 4_096;

const connections = await Promise.all(
  SERVERS.map(({ name, args }) =>
    connectServer(
      { kind: "stdio", name, command: process.execPath, args: [path.resolve(root, args[0]), ...args.slice(1)], inheritEnv: false },
      { timeoutMs: 30_000, clientName: "code-mode-figures", clientVersion: "1.0.0" },
    ),
  ),
);
try {
  const servers = connections.map((c, i) => ({ name: SERVERS[i].name, tools: c.tools, call: (tool, args, o) => c.call(tool, args, o) }));
  const toolCount = servers.reduce((n, s) => n + s.tools.length, 0);
  const sandbox = createDenoSandbox();
  const rows = [];
  for (const task of TASKS) {
    const runs = {};
    for (const mode of ["all", "code"]) runs[mode] = await measure(task, mode, servers, sandbox);
    // Rounded down: 97.0 % means at least 97 %.
    const saved = `${(Math.floor((1 - runs.code.total / runs.all.total) * 1000) / 10).toFixed(1)} %`;
    const row = (label, run, cell) =>
      `| ${label} | ${run.requests.length} | ${run.requests.map(n).join(" + ")} | ${n(run.total)} ≈ ${n(Math.ceil(run.total / 4))} | ${n(run.cached)} | ${cell} |`;
    rows.push(row(`**${task.name}**: ${task.shape}; every tool's definition`, runs.all, "—"), row("`--code`", runs.code, saved));
  }
  const table = [
    START,
    `${toolCount} tools on ${servers.length} servers (${servers.map((s) => `${s.name} ${s.tools.length}`).join(", ")}). Bytes of every request body the model's API received over the whole task (tokens estimated as bytes / 4); "cached": of those, the bytes a request repeats of an earlier one up to its \`cache_control\` mark, which Anthropic reads from its cache instead of processing again (they are still sent, and counted in the whole task).`,
    "",
    ...TASKS.map((task) => `- **${task.name}**: “${task.prompt}”`),
    "",
    "| task and setting | requests | each request | whole task | cached | saved |",
    "|---|---|---|---|---|---|",
    ...rows,
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

// One run of a task in one setting: the size of each request body, in order, and how much of it was cached.
async function measure(task, mode, servers, sandbox) {
  const requests = [];
  const seen = [];
  let cached = 0;
  let ids = 0;
  let failure;
  const api = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8").on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const send = (payload) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(payload));
      if (req.method === "GET") return send({ id: "figures", type: "model", display_name: "figures", created_at: "2026-01-01T00:00:00Z" });
      const step = requests.length;
      requests.push(Buffer.byteLength(body));
      const parsed = JSON.parse(body);
      const segments = toSegments(parsed);
      cached += cachedBytes(segments, seen);
      seen.push(segments);
      const turn = task.scripts[mode][step];
      // The scripted model acts only on what it has read: a turn that uses something its request does not hold is a broken script.
      const missing = (turn?.learned ?? []).filter((fact) => !body.includes(JSON.stringify(fact).slice(1, -1)));
      if (!turn || missing.length)
        failure ??= `${task.name}/${mode}, request ${step + 1}: ${turn ? `the context does not show ${missing.join(", ")}` : "no scripted turn"}`;
      const content = turn?.answer
        ? [{ type: "text", text: turn.answer }]
        : (turn?.calls ?? []).map(({ name, input }) => ({ type: "tool_use", id: `toolu_${++ids}`, name, input }));
      send({
        id: `msg_${step}`,
        type: "message",
        role: "assistant",
        model: "figures",
        content: content.length ? content : [{ type: "text", text: "(script ended)" }],
        stop_reason: turn?.calls ? "tool_use" : "end_turn",
        usage: { input_tokens: 0, output_tokens: 0 },
      });
    });
  });
  await new Promise((resolve) => api.listen(0, "127.0.0.1", resolve));
  try {
    const model = await createAnthropicModel({ apiKey: "figures", model: "figures", baseUrl: `http://127.0.0.1:${api.address().port}` });
    const results = [];
    const chat = new ChatSession({
      servers,
      model,
      consent: () => "yes",
      ...(mode === "code" && { code: { sandbox } }),
      onEvent: (event) => event.type === "result" && event.isError && results.push(event.text),
    });
    const outcome = await chat.send(task.prompt);
    if (failure) throw new Error(failure);
    if (results.length) throw new Error(`${task.name}/${mode}: a call failed: ${results.join("\n")}`);
    const answer = task.scripts[mode].at(-1).answer;
    if (outcome.answer !== answer) throw new Error(`the ${task.name}/${mode} run did not end with the scripted answer: ${JSON.stringify(outcome)}`);
    return { requests, total: requests.reduce((a, b) => a + b, 0), cached };
  } finally {
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
  }
}

// A request as Anthropic's cache sees it: tools, system, then each message's blocks, in order,
// each marked where the request put a cache breakpoint.
function toSegments(body) {
  const bare = ({ cache_control, ...rest }) => ({ text: JSON.stringify(rest), mark: cache_control !== undefined });
  const blocks = (message) => (typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content);
  return [
    ...(body.tools ?? []).map(bare),
    ...(body.system ? [{ text: JSON.stringify(body.system), mark: false }] : []),
    ...body.messages.flatMap((message) => blocks(message).map((block) => ({ ...bare(block), text: message.role + bare(block).text }))),
  ];
}

// The longest prefix of `segments` that an earlier request marked and sent the same, if it is long enough to be cached.
function cachedBytes(segments, earlier) {
  let best = 0;
  for (const before of earlier) {
    let bytes = 0;
    for (let i = 0; i < before.length && i < segments.length && before[i].text === segments[i].text; i++) {
      bytes += Buffer.byteLength(before[i].text);
      if (before[i].mark && bytes >= MIN_CACHED_BYTES) best = Math.max(best, bytes);
    }
  }
  return best;
}

function n(value) {
  return value.toLocaleString("en-US");
}
