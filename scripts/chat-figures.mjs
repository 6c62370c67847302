// The figures docs/chat.md gives for `typemcp chat`: how many bytes (and estimated tokens)
// the tool definitions of the repository's mcp.json servers take in each provider's format, and
// what --lazy-tools saves on the first request. Measured, not typed in: this script connects to
// the servers, runs one turn of a ChatSession per format with a model that answers at once, reads
// the sizes from its `request` events, and writes the table between the markers in the doc (and
// the sizes in its sample --verbose transcript).
//   node scripts/chat-figures.mjs           rewrite the table
//   node scripts/chat-figures.mjs --check   exit 1 if the doc's table is not what the servers give now
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ChatSession, connectServer, readMcpConfig } from "typemcp/host";

const root = fileURLToPath(new URL("..", import.meta.url));
const doc = path.join(root, "packages/framework/docs/chat.md");
const START = "<!-- chat-figures:start (scripts/chat-figures.mjs) -->";
const END = "<!-- chat-figures:end -->";
const FORMATS = [
  ["anthropic", "Anthropic"],
  ["openai-chat", "OpenAI Chat Completions"],
  ["gemini", "Gemini"],
];

const specs = readMcpConfig(path.join(root, "mcp.json")).map((spec) => (spec.kind === "stdio" ? { ...spec, cwd: root } : spec));
const connections = await Promise.all(specs.map((spec) => connectServer(spec, { timeoutMs: 30_000, clientName: "chat-figures", clientVersion: "1.0.0" })));
try {
  const servers = connections.map((c, i) => ({ name: specs[i].name, tools: c.tools, call: () => Promise.reject(new Error("not called")) }));
  const count = servers.reduce((n, s) => n + s.tools.length, 0);
  const rows = [];
  let anthropic;
  for (const [format, label] of FORMATS) {
    const first = async (lazyTools) => {
      let sent;
      const model = { provider: "anthropic", toolFormat: format, model: "figures", check: async () => {}, complete: async () => ({ text: "", calls: [] }) };
      await new ChatSession({ servers, model, lazyTools, onEvent: (e) => (e.type === "request" ? (sent ??= e) : undefined) }).send("hi");
      return sent;
    };
    const full = await first(false);
    const lazy = await first(true);
    if (format === "anthropic") anthropic = full;
    const saved = Math.round((1 - lazy.toolBytes / full.toolBytes) * 100);
    rows.push(`| ${label} | ${full.toolCount} | ${n(full.toolBytes)} ≈ ${n(full.toolTokens)} | ${n(lazy.toolBytes)} ≈ ${n(lazy.toolTokens)} | ${saved} % |`);
  }
  const table = [
    START,
    `The ${count} tools of the repository's \`mcp.json\` (${specs.map((s) => s.name).join(", ")}), as the first request of a turn carries them (bytes of JSON ≈ tokens, estimated as bytes / 4):`,
    "",
    "| format | tools | every definition | `--lazy-tools` | saved |",
    "|---|---|---|---|---|",
    ...rows,
    END,
  ].join("\n");
  const text = fs.readFileSync(doc, "utf8");
  const at = text.indexOf(START);
  const end = text.indexOf(END);
  if (at < 0 || end < at) throw new Error(`${doc} has no ${START} … ${END} markers`);
  // The sample transcript in the doc is an Anthropic run over the same servers: its --verbose lines say the same sizes.
  const next = (text.slice(0, at) + table + text.slice(end + END.length)).replace(
    /tool definitions sent: \d+ tools, [\d,]+ bytes ≈ [\d,]+ tokens/g,
    `tool definitions sent: ${anthropic.toolCount} tools, ${n(anthropic.toolBytes)} bytes ≈ ${n(anthropic.toolTokens)} tokens`,
  );
  if (process.argv.includes("--check")) {
    if (next !== text) {
      console.error(`${path.relative(root, doc)}: the chat figures are out of date; run node scripts/chat-figures.mjs`);
      process.exitCode = 1;
    } else console.log("chat figures are up to date");
  } else {
    fs.writeFileSync(doc, next);
    console.log(table);
  }
} finally {
  await Promise.all(connections.map((c) => c.close()));
}

function n(value) {
  return value.toLocaleString("en-US");
}
