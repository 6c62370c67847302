import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client as Client2025 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpTransport2025 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { pathToFileURL } from "node:url";
import { fromRoot } from "./support/paths.js";
import { request2026 } from "./support/request-2026.js";
import { installRuntimes, startUnder, type Runtime, type RuntimeServer } from "./support/runtimes.js";

// The samples' platform builds (their package.json builds with --target workers, deno and bun)
// under the real runtimes from npm: a 2026-07-28 client and a 2025-11-25 client list and call
// tools on each. Towns reads its CSV, which the Workers build carries inside the bundle.
const runtimes = installRuntimes();

const SAMPLES = {
  calc: {
    bundle: (target: string) => fromRoot(`packages/calc-server/dist/calc.${target}.js`),
    call: { name: "divide", arguments: { a: 7, b: 2 } },
    expected: { result: 3.5 },
  },
  towns: {
    bundle: (target: string) => fromRoot(`packages/towns-server/dist/towns.${target}.js`),
    call: { name: "get_town", arguments: { town: "Acton" } },
    expected: { town: "Acton" },
  },
} as const;

const TARGET: Record<Runtime, string> = { workerd: "workers", deno: "deno", bun: "bun" };

for (const runtime of ["workerd", "deno", "bun"] as const) {
  const found = runtimes[runtime];
  describe.skipIf("missing" in found)(`under ${runtime}${"missing" in found ? ` (skipped: ${found.missing})` : ""}`, () => {
    for (const [sample, spec] of Object.entries(SAMPLES)) {
      describe(sample, () => {
        let server: RuntimeServer;
        beforeAll(async () => {
          server = await startUnder(runtime, (found as { bin: string }).bin, spec.bundle(TARGET[runtime]));
        }, 30_000);
        afterAll(() => server?.stop());

        test("a 2026-07-28 client lists and calls tools", async () => {
          const client = new Client({ name: "platforms", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
          await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
          try {
            const { tools } = await client.listTools();
            expect(tools.map((t) => t.name)).toContain(spec.call.name);
            const result = await client.callTool(spec.call);
            expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
            expect(result.structuredContent).toMatchObject(spec.expected);
          } finally {
            await client.close();
          }
        });

        test("a 2025-11-25 client lists and calls tools, and gets an invalid call back in words", async () => {
          const client = new Client2025({ name: "platforms", version: "0" });
          await client.connect(new HttpTransport2025(new URL(server.url)));
          try {
            const { tools } = await client.listTools();
            expect(tools.map((t) => t.name)).toContain(spec.call.name);
            const result = await client.callTool(spec.call);
            expect(result.structuredContent).toMatchObject(spec.expected);
            // Argument validation runs (on Workers, with validators compiled at build time).
            const wrong = await client.callTool({ name: spec.call.name, arguments: {} });
            expect(wrong.isError).toBe(true);
            expect(JSON.stringify(wrong.content)).toMatch(/missing|required/i);
          } finally {
            await client.close();
          }
        });

        // Deno's request.signal also aborts after a delivered response, and Deno warns of it to
        // whoever reads that signal: the entry takes a client gone from `info.completed` instead.
        if (runtime === "deno")
          test("writes no runtime warning once requests are answered", () => {
            expect(server.output()).toContain("typemcp: serving MCP over HTTP at");
            expect(server.output()).not.toContain("Deno.serve:");
          });
      });
    }
  });
}

// A Vercel function is a module of web-standard handlers; Vercel's Node runtime imports it and
// calls them with each request. Here Node imports the built module and the clients call it.
describe("as a Vercel function (calc.vercel.js)", () => {
  type Handler = (request: Request) => Promise<Response>;
  let module: { GET: Handler; POST: Handler; DELETE: Handler; default: { fetch: Handler } };
  beforeAll(async () => {
    module = await import(pathToFileURL(SAMPLES.calc.bundle("vercel")).href);
  });
  const byMethod: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    const handler = request.method === "POST" ? module.POST : request.method === "DELETE" ? module.DELETE : module.GET;
    return handler(request);
  };

  test("exports GET, POST and DELETE beside default.fetch, all one handler", () => {
    expect(module.POST).toBe(module.default.fetch);
    expect(module.GET).toBe(module.default.fetch);
  });

  test("a 2026-07-28 and a 2025-11-25 client list and call tools", async () => {
    const client2026 = new Client({ name: "platforms", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client2026.connect(new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), { fetch: byMethod }));
    expect((await client2026.callTool(SAMPLES.calc.call)).structuredContent).toEqual(SAMPLES.calc.expected);
    await client2026.close();
    const client2025 = new Client2025({ name: "platforms", version: "0" });
    await client2025.connect(new HttpTransport2025(new URL("http://127.0.0.1/mcp"), { fetch: byMethod }));
    expect((await client2025.listTools()).tools.map((t) => t.name)).toContain("divide");
    expect((await client2025.callTool(SAMPLES.calc.call)).structuredContent).toEqual(SAMPLES.calc.expected);
    await client2025.close();
  });
});

// Vercel writes the client's address into X-Real-IP (overwriting one a client sends): the
// function counts each caller by it. The contract fixture (built by test/contract-setup.ts) as a Vercel function.
test("a Vercel function tells two callers apart by the X-Real-IP Vercel sets", async () => {
  const module = (await import(pathToFileURL(fromRoot("test/fixtures/contract/dist/contract.vercel.js")).href)) as { POST: (r: Request) => Promise<Response> };
  const countKey = async (address: string) => {
    const answered = await module.POST(
      request2026("http://127.0.0.1/mcp", "tools/call", { name: "whoami", arguments: {} }, { headers: { "x-real-ip": address } }),
    );
    return ((await answered.json()) as { result: { structuredContent: { countKey: string } } }).result.structuredContent.countKey;
  };
  expect([await countKey("203.0.113.1"), await countKey("203.0.113.2"), await countKey("2001:db8:1:2::5")]).toEqual([
    "address:203.0.113.1",
    "address:203.0.113.2",
    // An IPv6 caller is counted by its /56, as everywhere.
    "address:2001:db8:1::/56",
  ]);
});

// Workers cannot open a TCP connection, so the Redis a deployment names is refused, not ignored:
// Node imports the Workers build and hands it the env binding object Workers would.
test("a Workers build refuses REDIS_URL at its first request, saying why and what runs with it", async () => {
  const worker = (await import(pathToFileURL(SAMPLES.calc.bundle("workers")).href)) as { default: { fetch: (r: Request, env: unknown) => Promise<Response> } };
  const request = new Request("http://127.0.0.1/mcp", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  await expect(worker.default.fetch(request, { REDIS_URL: "redis://user:secret@redis:6379", CACHE: {} })).rejects.toThrow(
    "typemcp: --redis / REDIS_URL (redis://***@redis:6379) is set, but Workers cannot open a TCP connection to Redis. Remove it, or run this server on Node, Deno or Bun (typemcp build --target node|deno|bun) to share tasks and streams between instances.",
  );
});
