// What a plain tools/call costs in promises, over stdio and over stateless HTTP. Each promise is also a call into an
// OpenTelemetry context manager's hooks wherever AsyncLocalStorage runs on async_hooks (Node 20),
// so typemcp's own share of a traced call grows with them (#52 item 7).
import { afterEach, expect, test } from "vitest";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { CALC_SERVER, fromRoot } from "./support/paths.js";
import { RawStdio } from "./support/raw-stdio.js";

const COUNT_PROMISES = fromRoot("test/support/count-promises.mjs");
let server: RawStdio | undefined;
let http: HttpServerProcess | undefined;
afterEach(async () => {
  server?.child.kill();
  server = undefined;
  await http?.stop();
  http = undefined;
});

async function callAdd(raw: RawStdio, calls: number, firstId: number): Promise<void> {
  for (let i = 0; i < calls; i++) raw.send({ jsonrpc: "2.0", id: firstId + i, method: "tools/call", params: { name: "add", arguments: { a: i, b: 1 } } });
  for (let i = 0; i < calls; i++) expect(await raw.next()).toMatchObject({ result: { structuredContent: {} } });
}

let asked = 0;
async function promisesSoFar(raw: RawStdio | HttpServerProcess): Promise<number> {
  asked++;
  raw.child.kill("SIGUSR2");
  // The count comes before the mark: once the mark is read, so is the whole count.
  await raw.stderrSays(` promises, answer ${asked}]`);
  const stderr = typeof raw.stderr === "string" ? raw.stderr : raw.stderr();
  return Number(new RegExp(`\\[(\\d+) promises, answer ${asked}\\]`).exec(stderr)?.[1]);
}

test("a plain stdio tools/call makes at most 3 promises, from the line read to the answer queued", async () => {
  asked = 0;
  server = new RawStdio(CALC_SERVER, ["--import", COUNT_PROMISES]);
  await server.initialize();
  // Warm: the validators and chunks a first call loads.
  await callAdd(server, 50, 1000);
  const before = await promisesSoFar(server);
  await callAdd(server, 500, 2000);
  const after = await promisesSoFar(server);
  expect((after - before) / 500).toBeLessThanOrEqual(3);
});

// Each era's tools/call as its client sends it, one at a time (keep-alive), so the count is the request's own.
const BODIES = {
  "2025-11-25": { headers: {}, meta: undefined },
  "2026-07-28": {
    headers: { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "add" },
    meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} },
  },
};

async function postAdds(url: string, era: keyof typeof BODIES, calls: number): Promise<void> {
  const { headers, meta } = BODIES[era];
  for (let i = 0; i < calls; i++) {
    const params = { name: "add", arguments: { a: i, b: 1 }, ...(meta ? { _meta: meta } : {}) };
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify({ jsonrpc: "2.0", id: i + 1, method: "tools/call", params }),
    });
    expect(await response.json()).toMatchObject({ result: { structuredContent: { result: i + 1 } } });
  }
}

test.each(["2025-11-25", "2026-07-28"] as const)(
  "a stateless HTTP tools/call (%s) makes at most 9 promises, from the request read to the answer written",
  async (era) => {
    asked = 0;
    http = await startHttpServer(CALC_SERVER, ["--stateless"], { NODE_OPTIONS: `--import=${COUNT_PROMISES}` });
    // Warm: the validators, the chunks and the kept lane a first call opens.
    await postAdds(http.url, era, 50);
    const before = await promisesSoFar(http);
    await postAdds(http.url, era, 200);
    const after = await promisesSoFar(http);
    expect((after - before) / 200).toBeLessThanOrEqual(9);
  },
);
