import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

const SERVER = fromRoot("test/fixtures/dist/tc39/scale-out.js");

/**
 * Opens a raw connection to the server, sends `head` at once, then one byte of `trickle` every
 * 200 ms (a slowloris client). Resolves with what the server answered and how long it took to
 * close the connection (or the cap, if it did not close by then).
 */
function slowClient(url: string, head: string, trickle: string, capMs: number): Promise<{ answer: string; closedAfterMs: number | undefined }> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = "";
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const cap = setTimeout(() => finish(undefined), capMs);
    const finish = (closedAfterMs: number | undefined) => {
      clearTimeout(cap);
      clearInterval(timer);
      socket.destroy();
      resolve({ answer, closedAfterMs });
    };
    socket.setEncoding("utf8").on("data", (chunk: string) => (answer += chunk));
    socket.on("error", () => undefined);
    socket.once("close", () => finish(Date.now() - started));
    socket.once("connect", () => {
      if (head) socket.write(head);
      timer = setInterval(() => {
        if (sent < trickle.length && !socket.destroyed) socket.write(trickle[sent++]!);
      }, 200);
    });
  });
}

// The server's limits are 1 s, checked every second: a connection it closes goes within 2 s. The
// bounds below leave a loaded machine room and still tell an enforced limit from none (a trickle
// that lasts 40 s or more, or a connection held until the 15 s cap).
describe("slow clients are disconnected within the timeouts", { timeout: 40_000 }, () => {
  let server: HttpServerProcess;

  beforeAll(async () => {
    server = await startHttpServer(SERVER, ["--stateless", "--headers-timeout", "1", "--body-timeout", "1"]);
  });
  afterAll(() => server?.stop());

  test("headers sent a byte at a time get 408 and the connection closed after --headers-timeout", async () => {
    const host = `Host: ${new URL(server.url).host}\r\n`;
    const { answer, closedAfterMs } = await slowClient(server.url, `POST /mcp HTTP/1.1\r\n${host}`, "X-Slow: ".padEnd(200, "a"), 15_000);
    expect(closedAfterMs).toBeDefined();
    // 1 s allowed, checked every second.
    expect(closedAfterMs!).toBeLessThan(10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  test("a connection that never sends a byte is closed after --headers-timeout", async () => {
    const { closedAfterMs } = await slowClient(server.url, "", "", 15_000);
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs!).toBeLessThan(10_000);
  });

  test("a body sent a byte at a time gets 408 and the connection closed after --headers-timeout plus --body-timeout", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }).padEnd(400, " ");
    const head = `POST /mcp HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, closedAfterMs } = await slowClient(server.url, head, body, 15_000);
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs!).toBeLessThan(12_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // Routine, not a server fault: nothing logged.
    expect(server.stderr()).not.toContain("HTTP request failed");
  });

  test("a slow-header client that keeps its end open after the 408 leaves the server no descriptor", async () => {
    const fds = () => fs.readdirSync(`/proc/${server.child.pid}/fd`).length;
    const before = fds();
    const { hostname, port } = new URL(server.url);
    const host = `Host: ${new URL(server.url).host}\r\n`;
    // Each client reads the 408 and the server's FIN but never closes its own end (half-open).
    const held = await Promise.all(
      Array.from(
        { length: 10 },
        () =>
          new Promise<{ socket: net.Socket; answer: string }>((resolve) => {
            const socket = net.connect({ port: Number(port), host: hostname, allowHalfOpen: true });
            let answer = "";
            socket.on("error", () => undefined);
            socket.setEncoding("utf8").on("data", (chunk: string) => (answer += chunk));
            socket.once("end", () => resolve({ socket, answer }));
            socket.once("connect", () => socket.write(`POST /mcp HTTP/1.1\r\n${host}X-Slow: a`));
          }),
      ),
    );
    try {
      expect(held.map((h) => h.answer.split("\r\n")[0])).toEqual(Array(10).fill("HTTP/1.1 408 Request Timeout"));
      expect(held.every((h) => !h.socket.destroyed)).toBe(true);
      // The server closes each descriptor once its 408 is flushed; polled, within a bound.
      const deadline = Date.now() + 15_000;
      while (fds() > before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fds()).toBeLessThanOrEqual(before);
    } finally {
      for (const { socket } of held) socket.destroy();
    }
  });

  test("an answer that streams for longer than both timeouts is not cut off: they bound the request, not the answer", async () => {
    const client = new Client({ name: "slow-clients", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      const progress: number[] = [];
      const result = await client.callTool({ name: "count", arguments: { steps: 3, intervalMs: 1_100 } }, undefined, {
        onprogress: (p) => void progress.push(p.progress),
        timeout: 30_000,
      });
      expect(result.structuredContent).toMatchObject({ counted: 3 });
      expect(progress).toEqual([1, 2, 3]);
    } finally {
      await client.close();
    }
  });
});
