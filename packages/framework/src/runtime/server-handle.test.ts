import { describe, expect, test } from "vitest";
import { createServer, isTypemcpServer } from "./create-server.js";
import { handleOf } from "./server-handle.js";

describe("the server handle", () => {
  test("is refused for anything createServer() did not make, naming the function it was handed to", () => {
    expect(() => handleOf({ tools: {} }, "connect")).toThrow(new TypeError("connect() takes a server made by createServer()."));
    expect(isTypemcpServer({ info: { name: "x", version: "1" } })).toBe(false);
  });

  test("stays with a server copied with extra fields, as serve() returns it", () => {
    const server = createServer([], { name: "empty", version: "1.0.0" });
    const running = { ...server, url: "http://127.0.0.1:1/mcp" };
    expect(isTypemcpServer(running)).toBe(true);
    expect(handleOf(running, "connect")).toBe(handleOf(server, "connect"));
  });

  test("refuses a list TTL that is not a whole number of milliseconds, in words", () => {
    const handle = handleOf(createServer([], { name: "empty", version: "1.0.0" }), "serve");
    expect(() => handle.useListTtl(-5)).toThrow("listTtlMs must be a whole number of milliseconds, 0 or more, not -5.");
    expect(() => handle.useListTtl(1.5)).toThrow("not 1.5.");
  });

  test("runs no task for a server without task tools, and says so", async () => {
    const handle = handleOf(createServer([], { name: "empty", version: "1.0.0" }), "serve");
    await expect(handle.runTaskHere({ taskId: "t1" } as never)).rejects.toThrow('this server has no task tools to run task "t1" with.');
  });
});
