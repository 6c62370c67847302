// What a plain stdio tools/call costs in promises. Each promise is also a call into an
// OpenTelemetry context manager's hooks wherever AsyncLocalStorage runs on async_hooks (Node 20),
// so typemcp's own share of a traced call grows with them (#52 item 7).
import { afterEach, expect, test } from "vitest";
import { CALC_SERVER, fromRoot } from "./support/paths.js";
import { RawStdio } from "./support/raw-stdio.js";

let server: RawStdio | undefined;
afterEach(() => {
  server?.child.kill();
  server = undefined;
});

async function callAdd(raw: RawStdio, calls: number, firstId: number): Promise<void> {
  for (let i = 0; i < calls; i++) raw.send({ jsonrpc: "2.0", id: firstId + i, method: "tools/call", params: { name: "add", arguments: { a: i, b: 1 } } });
  for (let i = 0; i < calls; i++) expect(await raw.next()).toMatchObject({ result: { structuredContent: {} } });
}

let asked = 0;
async function promisesSoFar(raw: RawStdio): Promise<number> {
  asked++;
  raw.child.kill("SIGUSR2");
  // The count comes before the mark: once the mark is read, so is the whole count.
  await raw.stderrSays(` promises, answer ${asked}]`);
  return Number(new RegExp(`\\[(\\d+) promises, answer ${asked}\\]`).exec(raw.stderr)?.[1]);
}

test("a plain stdio tools/call makes at most 6 promises, from the line read to the answer queued", async () => {
  asked = 0;
  server = new RawStdio(CALC_SERVER, ["--import", fromRoot("test/support/count-promises.mjs")]);
  await server.initialize();
  // Warm: the validators and chunks a first call loads.
  await callAdd(server, 50, 1000);
  const before = await promisesSoFar(server);
  await callAdd(server, 500, 2000);
  const after = await promisesSoFar(server);
  expect((after - before) / 500).toBeLessThanOrEqual(6);
});
