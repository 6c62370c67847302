import { test } from "vitest";
import { startFakeProvider } from "./support/fake-providers.js";
import { typemcp } from "./support/host-cli.js";
test("transcript", async () => {
  const turns = [
    { text: "I'll look up Winchester's home value and school rating.", calls: [{ name: "towns__get_housing", args: { town: "Winchester" } }, { name: "towns__get_schools", args: { town: "Winchester" } }] },
    { calls: [{ name: "calc__divide", args: { a: 972776, b: "12" } }] },
    { calls: [{ name: "calc__divide", args: { a: 972776, b: 12 } }] },
    { text: "Winchester's average single-family home is assessed at $972,776 (fiscal 2017), about $81,065 for each of the 12 months of a year, and its schools rate 10 out of 10." },
  ];
  const fake = await startFakeProvider("anthropic", (i) => turns[Math.min(i, turns.length - 1)]!, "claude-sonnet-5-5");
  const run = await typemcp(["chat", "--config", "mcp.json", "--provider", "anthropic", "--model", "claude-sonnet-5-5", "--base-url", fake.baseUrl, "--verbose", "--prompt", "Is Winchester a good town for a family? What is a house there per month of a year?"], { env: { ...process.env, ANTHROPIC_API_KEY: "k" }, timeoutMs: 60000 });
  console.log("STATUS", run.status, "\nSTDOUT\n" + run.stdout + "\nSTDERR\n" + run.stderr.split("\n").filter((l) => !/\d\d:\d\d:\d\d\.\d{3} /.test(l)).join("\n"));
  const fake2 = await startFakeProvider("anthropic", () => ({ text: "ok" }), "claude-sonnet-5-5");
  const lazy = await typemcp(["chat", "--config", "mcp.json", "--provider", "anthropic", "--model", "claude-sonnet-5-5", "--base-url", fake2.baseUrl, "--verbose", "--lazy-tools", "--prompt", "hi"], { env: { ...process.env, ANTHROPIC_API_KEY: "k" }, timeoutMs: 60000 });
  console.log("LAZY\n" + lazy.stderr.split("\n").filter((l) => l.startsWith("[step")).join("\n"));
  await fake.close(); await fake2.close();
}, 120000);
