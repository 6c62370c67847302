import { afterEach, describe, expect, test } from "vitest";
import { RawStdio } from "../support/raw-stdio.js";
import { TOWNS_SERVER } from "../support/towns-csv.js";
import { INITIALIZE, RELIABILITY_SERVER, rssMb, spawnQuiet, within } from "./support.js";

type Reply = { id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } };

describe("stdio under hostile or careless clients", () => {
  let server: RawStdio | undefined;
  afterEach(() => {
    server?.child.kill("SIGKILL");
    server = undefined;
  });

  test("a 1 MB town name is answered at once, and the name is not echoed whole", async () => {
    server = new RawStdio(TOWNS_SERVER);
    await server.initialize();
    const name = "Winchester".repeat(100_000);
    server.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_town", arguments: { town: name } } });
    // Before the fix the did-you-mean search held the process for ~36 s.
    const reply = (await server.next(10_000)) as Reply;
    expect(reply.id).toBe(1);
    const text = JSON.stringify(reply);
    expect(text.length).toBeLessThan(2_000);
    expect(text).toContain("town: must NOT have more than 100 characters");
    // Still serving.
    server.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "get_distance_to_boston", arguments: { town: "Winchester" } } });
    expect(await server.next()).toMatchObject({ id: 2, result: { structuredContent: { town: "Winchester" } } });
  });

  test("a prompt naming thousands of towns is refused with -32602 at once", async () => {
    server = new RawStdio(TOWNS_SERVER);
    await server.initialize();
    const towns = Array.from({ length: 5_000 }, (_, i) => `Nowhere${i}`).join(", ");
    server.send({ jsonrpc: "2.0", id: 1, method: "prompts/get", params: { name: "compare_for_family", arguments: { towns } } });
    const reply = (await server.next(10_000)) as Reply;
    expect(reply).toMatchObject({ id: 1, error: { code: -32602 } });
    expect(reply.error!.message).toMatch(/^Name 2 to 20 towns to compare/);
  });

  test("a prompt's own argument check is -32602, in words", async () => {
    server = new RawStdio(TOWNS_SERVER);
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 1, method: "prompts/get", params: { name: "compare_for_family", arguments: { towns: "Winchester" } } });
    expect(await server.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32602, message: 'Name 2 to 20 towns to compare, separated by commas, e.g. "Winchester, Arlington, Lexington"; got only Winchester.' },
    });
  });

  test("invalid params get -32602 in words, not -32603 with a zod dump", async () => {
    server = new RawStdio(RELIABILITY_SERVER);
    server.send({ jsonrpc: "2.0", id: 0, method: "initialize", params: { capabilities: {}, clientInfo: { name: "x", version: "1" } } });
    const init = (await server.next()) as Reply;
    expect(init.error?.code).toBe(-32602);
    expect(init.error?.message).toMatch(/^Invalid params for "initialize": protocolVersion: /);
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: ["a"] } });
    server.send({ jsonrpc: "2.0", id: 2, method: "logging/setLevel", params: { level: "loud" } });
    const [call, level] = [(await server.next()) as Reply, (await server.next()) as Reply];
    expect(call.error?.code).toBe(-32602);
    expect(call.error?.message).toMatch(/^Invalid params for "tools\/call": arguments: /);
    expect(level.error?.code).toBe(-32602);
    expect(level.error?.message).toMatch(/^Invalid params for "logging\/setLevel": level: .*"debug"/);
    for (const reply of [init, call, level]) expect(reply.error?.message).not.toContain("\n");
  });

  test("every request with an id gets a reply: fractional id, id past 2^53, a __proto__ key", async () => {
    server = new RawStdio(RELIABILITY_SERVER);
    await server.initialize();
    server.send('{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}');
    expect(await server.next()).toMatchObject({ id: 1.5, error: { code: -32600, message: expect.stringMatching(/id 1\.5 is not an integer/) } });
    server.send('{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/list"}');
    expect(await server.next()).toMatchObject({ id: null, error: { code: -32600, message: expect.stringMatching(/too large to be echoed exactly/) } });
    server.send('{"jsonrpc":"2.0","id":3,"method":"tools/list","__proto__":{"polluted":true}}');
    const listed = (await server.next()) as Reply;
    expect(listed.id).toBe(3);
    expect((listed.result?.tools as unknown[]).length).toBe(4);
  });

  test("requests before initialize are refused in words; ping is answered", async () => {
    server = new RawStdio(RELIABILITY_SERVER);
    server.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(await server.next()).toMatchObject({ id: 1, error: { code: -32600, message: expect.stringMatching(/"tools\/list" before initialize/) } });
    server.send({ jsonrpc: "2.0", id: 2, method: "ping" });
    expect(await server.next()).toMatchObject({ id: 2, result: {} });
  });

  test("a batch gets one -32600 per request in it, naming why", async () => {
    server = new RawStdio(RELIABILITY_SERVER);
    await server.initialize();
    server.send([
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      { jsonrpc: "2.0", method: "notifications/x" },
      { jsonrpc: "2.0", id: "b", method: "ping" },
    ]);
    const replies = [await server.next(), await server.next()];
    expect(replies.map((r) => r.id)).toEqual([1, "b"]);
    for (const reply of replies) expect(reply).toMatchObject({ error: { code: -32600, message: expect.stringMatching(/batches are not part of MCP/) } });
  });

  test("a bogus cursor is -32602", async () => {
    server = new RawStdio(RELIABILITY_SERVER);
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { cursor: "bogus" } });
    expect(await server.next()).toMatchObject({ id: 1, error: { code: -32602, message: expect.stringMatching(/^Invalid cursor for tools\/list/) } });
  });

  test("resources/subscribe refuses a URI the server does not serve", async () => {
    server = new RawStdio(TOWNS_SERVER);
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 1, method: "resources/subscribe", params: { uri: "file:///etc/passwd" } });
    expect(await server.next()).toMatchObject({ id: 1, error: { code: -32602 } });
    server.send({ jsonrpc: "2.0", id: 2, method: "resources/subscribe", params: { uri: "town://Winchester" } });
    expect(await server.next()).toMatchObject({ id: 2, result: {} });
  });

  test("strings past the default cap are refused before the tool runs; @maxLength raises it", async () => {
    server = new RawStdio(RELIABILITY_SERVER);
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: { text: "y".repeat(100_001) } } });
    const refused = (await server.next()) as Reply;
    expect(refused.result).toMatchObject({ isError: true });
    expect(JSON.stringify(refused.result)).toContain("text: a string of 100001 characters is longer than the 100000 accepted");
    server.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "essay", arguments: { text: "y".repeat(200_000) } } });
    expect(await server.next()).toMatchObject({ id: 2, result: { structuredContent: { result: 200_000 } } });
  });

  test("a line over the size cap is discarded as it streams, answered with its id, and the server keeps serving", async () => {
    server = new RawStdio(RELIABILITY_SERVER);
    await server.initialize();
    const head = '{"jsonrpc":"2.0","id":77,"method":"tools/call","params":{"name":"echo","arguments":{"text":"';
    const piece = "z".repeat(1024 * 1024);
    server.child.stdin.write(head);
    for (let i = 0; i < 40; i++) server.child.stdin.write(piece);
    server.child.stdin.write('"}}}\n');
    const reply = (await server.next(20_000)) as Reply;
    expect(reply).toMatchObject({ id: 77, error: { code: -32700, message: expect.stringMatching(/discarded unread; the limit is 4194304 bytes/) } });
    expect(rssMb(server.child.pid!)).toBeLessThan(250);
    server.send({ jsonrpc: "2.0", id: 78, method: "tools/call", params: { name: "echo", arguments: { text: "ok" } } });
    expect(await server.next()).toMatchObject({ id: 78, result: { structuredContent: { result: 2 } } });
  });

  test("output backpressure: a host that stops reading stdout stops the server reading requests", async () => {
    const { child, stderr, exited } = spawnQuiet(RELIABILITY_SERVER);
    child.stdout.pause();
    child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
    const calls = 600;
    // 600 replies of 64 KiB of text each: ~40 MB if the server ran them all and buffered every
    // reply, as it did before.
    for (let id = 1; id <= calls; id++) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "blob", arguments: { kib: 64 } } })}\n`);
    }
    const started = () => stderr().split("[blob]").length - 1;
    // Wait until the server stops starting calls (it is blocked on the full pipe), however slow the machine.
    let seen = -1;
    for (let i = 0; i < 60 && (started() === 0 || started() !== seen); i++) {
      seen = started();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(started()).toBeGreaterThan(0);
    expect(started()).toBeLessThan(250);
    expect(rssMb(child.pid!)).toBeLessThan(200);
    // Reading again drains everything: every call is answered.
    let buffer = "";
    let answered = 0;
    await within(
      120_000,
      new Promise<void>((resolve) => {
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          buffer += chunk;
          let i: number;
          while ((i = buffer.indexOf("\n")) !== -1) {
            if (buffer.startsWith('{"result"')) answered++;
            buffer = buffer.slice(i + 1);
            if (answered === calls + 1) resolve();
          }
        });
        child.stdout.resume();
      }),
      "draining the replies",
    );
    expect(answered).toBe(calls + 1);
    child.stdin.end();
    expect(await exited).toBe(0);
  }, 240_000);

  test("a closed stdout (EPIPE) ends the server quietly with status 0", async () => {
    const { child, stderr, exited } = spawnQuiet(RELIABILITY_SERVER);
    child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    child.stdout.destroy();
    for (let id = 1; id <= 50; id++)
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "blob", arguments: { kib: 64 } } })}\n`);
    expect(await within(10_000, exited, "exit after EPIPE")).toBe(0);
    expect(stderr()).not.toMatch(/EPIPE|Error:|at /);
  });

  test("SIGTERM answers every pipelined call: results for those done, errors for those cut short", async () => {
    const { child, stderr, exited } = spawnQuiet(RELIABILITY_SERVER);
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
    await within(10_000, new Promise<void>((resolve) => child.stdout.once("data", () => resolve())), "initialize");
    const ids: number[] = [];
    for (let id = 1; id <= 2_000; id++) {
      ids.push(id);
      const call = id % 500 === 0 ? { name: "wait", arguments: { ms: 60_000 } } : { name: "echo", arguments: { text: "hi" } };
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: call })}\n`);
    }
    // Every line has been read once the last of the four waiting calls (ids 500 … 2,000) has
    // started: a request still in the pipe when SIGTERM comes was never received, so the test
    // waits for that, not for a time a loaded machine may not keep.
    const allStarted = new Promise<void>((resolve) => {
      const check = (): void => {
        if ((stderr().match(/\[wait\] started/g) ?? []).length >= 4) resolve();
      };
      child.stderr.on("data", check);
      check();
    });
    await within(20_000, allStarted, "the four waiting calls to start");
    child.kill("SIGTERM");
    expect(await within(15_000, exited, "exit after SIGTERM")).toBe(0);
    const replies = out
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Reply);
    const byId = new Map(replies.map((r) => [r.id, r]));
    const missing = ids.filter((id) => !byId.has(id));
    expect(missing).toEqual([]);
    expect(byId.get(500)).toMatchObject({ error: { code: -32000, message: expect.stringMatching(/shutting down \(SIGTERM\)/) } });
  }, 60_000);

  test("a request that arrives once SIGTERM's shutdown has begun is answered at once, not run and not lost", async () => {
    server = new RawStdio(RELIABILITY_SERVER);
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "wait", arguments: { ms: 10_000 } } });
    await server.stderrSays("[wait] started");
    server.child.kill("SIGTERM");
    // Said once the server's shutdown has begun: only then is the next request certain to find it so.
    await server.stderrSays("[reliability] SIGTERM received");
    server.send({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "echo", arguments: { text: "late" } } });
    const first = (await server.next()) as Reply;
    expect(first).toMatchObject({ id: 5, error: { code: -32000, message: "Request not started: the server is shutting down (SIGTERM)." } });
    // Cut at the shutdown deadline (5 s): what it says tells it from a call run to its end, not a second clock.
    const second = (await server.next()) as Reply;
    expect(second).toMatchObject({ id: 4, error: { code: -32000, message: expect.stringMatching(/shutting down \(SIGTERM\)/) } });
    expect(await server.exited()).toBe(0);
  });

  test("closing stdin during a long call cancels it and answers it before exiting", async () => {
    server = new RawStdio(RELIABILITY_SERVER);
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "wait", arguments: { ms: 10_000 } } });
    await server.stderrSays("[wait] started");
    server.child.stdin.end();
    // Whenever it comes: a call left to run would answer "done" after its 10 s, not this error.
    const reply = (await server.next()) as Reply;
    expect(reply).toMatchObject({ id: 4, error: { code: -32000, message: expect.stringMatching(/shutting down \(stdin closed\).*within 5000 ms/) } });
    expect(await server.exited()).toBe(0);
    expect(server.stderr).toContain("[wait] cancelled");
  });
});
