import { afterEach, describe, expect, test } from "vitest";
import { CALC_SERVER, fromRoot } from "./support/paths.js";
import { RawStdio } from "./support/raw-stdio.js";

describe("the stdio transport", () => {
  let server: RawStdio | undefined;
  afterEach(() => {
    server?.child.kill();
    server = undefined;
  });

  test("answers a malformed JSON line with -32700 and keeps serving", async () => {
    server = new RawStdio(CALC_SERVER);
    await server.initialize();
    server.send('{"jsonrpc":"2.0","id":1,"method":"tools/list"');
    const error = await server.next();
    expect(error).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
    expect((error.error as { message: string }).message).toMatch(/^Parse error: /);
    server.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "add", arguments: { a: 1, b: 1 } } });
    expect(await server.next()).toMatchObject({ id: 2, result: { structuredContent: { result: 2 } } });
  });

  test("writes an answer larger than its write batch whole, on a line of its own", async () => {
    // The contract fixture's note://{name} resource reads back its name: 99,000 characters make
    // an answer past the 64 KiB at which the transport writes a large line as it is.
    server = new RawStdio(fromRoot("test/fixtures/contract/dist/contract.js"));
    await server.initialize();
    const name = "n".repeat(99_000);
    server.send({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: `note://${name}` } });
    server.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "add", arguments: { a: 1, b: 2 } } });
    // Answers may come in either order (the call is served directly); each is one whole line.
    const answers = [await server.next(), await server.next()].sort((a, b) => Number(a.id) - Number(b.id));
    expect(answers[0]).toMatchObject({ id: 1, result: { contents: [{ text: `note ${name}` }] } });
    expect(answers[1]).toMatchObject({ id: 2, result: { structuredContent: { result: 3 } } });
  });

  test("answers valid JSON that is not JSON-RPC with -32600, echoing its id", async () => {
    server = new RawStdio(CALC_SERVER);
    await server.initialize();
    server.send({ id: 9, hello: "world" });
    expect(await server.next()).toMatchObject({ jsonrpc: "2.0", id: 9, error: { code: -32600 } });
  });

  test("answers an unknown method with -32601", async () => {
    server = new RawStdio(CALC_SERVER);
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 3, method: "tools/explode" });
    expect(await server.next()).toMatchObject({ id: 3, error: { code: -32601 } });
  });

  test("exits with status 0 promptly when stdin closes", async () => {
    server = new RawStdio(CALC_SERVER);
    await server.initialize();
    server.child.stdin.end();
    expect(await server.exited()).toBe(0);
  });

  test("answers a call in flight before exiting when stdin closes", async () => {
    server = new RawStdio(fromRoot("test/fixtures/dist/tc39/tc39.js"));
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "slow", arguments: { ms: 300 } } });
    server.child.stdin.end();
    expect(await server.next()).toMatchObject({ id: 4, result: { structuredContent: { result: 300 } } });
    expect(await server.exited()).toBe(0);
  });

  test("writes nothing but JSON-RPC to stdout", async () => {
    server = new RawStdio(fromRoot("test/fixtures/dist/tc39/tc39.js"));
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "chatty", arguments: {} } });
    expect(await server.next()).toMatchObject({ jsonrpc: "2.0", id: 5, result: { content: [{ text: "done" }] } });
    server.child.stdin.end();
    await server.exited();
    expect(server.stderr).toContain("this line must not reach stdout");
  });
});
