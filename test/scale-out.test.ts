import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttpTransport } from "@modelcontextprotocol/client";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { CALC_SERVER } from "./support/paths.js";

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
if (!NGINX) console.warn("scale-out test skipped: nginx is not installed (.ci/run installs it with apt-get).");

// Two stateless server processes behind nginx on 127.0.0.1: any process can answer any request,
// so one client's calls spread over both with no session affinity.
describe.skipIf(!NGINX)("stateless servers behind nginx", () => {
  const backends: HttpServerProcess[] = [];
  let nginx: ChildProcess;
  let prefix: string;
  let url: string;

  beforeAll(async () => {
    backends.push(await startHttpServer(CALC_SERVER, ["--stateless"]), await startHttpServer(CALC_SERVER, ["--stateless"]));
    const port = await freePort();
    prefix = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-nginx-"));
    const upstreams = backends.map((b) => `server ${new URL(b.url).host};`).join(" ");
    fs.writeFileSync(
      path.join(prefix, "nginx.conf"),
      `pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  upstream mcp { ${upstreams} }
  server {
    listen 127.0.0.1:${port};
    location /mcp {
      proxy_pass http://mcp;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_buffering off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
    );
    const check = spawnSync(NGINX!, ["-t", "-p", prefix, "-c", path.join(prefix, "nginx.conf")], { encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn(NGINX!, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
    url = `http://127.0.0.1:${port}/mcp`;
    await waitForPort(port);
  });

  afterAll(async () => {
    nginx?.kill("SIGTERM");
    await Promise.all(backends.map((b) => b.stop()));
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
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
    const client = new ModernClient({ name: "scale-out-2026", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new ModernHttpTransport(new URL(url), { fetch: recordingFetch }));
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => (socket.end(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port} within 5 s`);
}
