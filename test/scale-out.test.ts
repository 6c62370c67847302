import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client as Client2026, StreamableHTTPClientTransport as HttpTransport2026 } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { NGINX, startNginx, type NginxProxy } from "./support/nginx-proxy.js";
import { CALC_SERVER } from "./support/paths.js";

if (!NGINX) console.warn("scale-out test skipped: nginx is not installed (.ci/run installs it with apt-get).");

// Two stateless server processes behind nginx on 127.0.0.1: any process can answer any request,
// so one client's calls spread over both with no session affinity.
describe.skipIf(!NGINX)("stateless servers behind nginx", () => {
  const backends: HttpServerProcess[] = [];
  let nginx: NginxProxy | undefined;
  let url: string;

  beforeAll(async () => {
    backends.push(await startHttpServer(CALC_SERVER, ["--stateless"]), await startHttpServer(CALC_SERVER, ["--stateless"]));
    nginx = await startNginx(backends.map((b) => b.url));
    url = nginx.url;
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(backends.map((b) => b.stop()));
  });

  const upstreams: string[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const upstream = res.headers.get("x-upstream");
    if (upstream) upstreams.push(upstream);
    return res;
  };

  test("serves one client's calls from both processes", async () => {
    upstreams.length = 0;
    const client = new Client({ name: "scale-out", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: recordingFetch }));
    for (let i = 0; i < 8; i++) {
      const result = await client.callTool({ name: "multiply", arguments: { a: i, b: 3 } });
      expect(result.structuredContent).toEqual({ result: i * 3 });
    }
    await client.close();
    const expected = backends.map((b) => new URL(b.url).host).sort();
    expect([...new Set(upstreams)].sort()).toEqual(expected);
  });

  test("serves a 2026-07-28 client from both processes, with no session anywhere", async () => {
    upstreams.length = 0;
    const client = new Client2026({ name: "scale-out-2026", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new HttpTransport2026(new URL(url), { fetch: recordingFetch }));
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("multiply");
    for (let i = 0; i < 8; i++) {
      const result = await client.callTool({ name: "multiply", arguments: { a: i, b: 7 } });
      expect(result.structuredContent).toEqual({ result: i * 7 });
    }
    await client.close();
    expect([...new Set(upstreams)].sort()).toEqual(backends.map((b) => new URL(b.url).host).sort());
  });
});
