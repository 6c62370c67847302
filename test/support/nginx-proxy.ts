import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The nginx binary, or undefined where it is not installed (`.ci/run` installs nginx-light). */
export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));

/**
 * nginx on 127.0.0.1, round-robin over `backends` with no session affinity; each answer names its
 * upstream in `X-Upstream`. It appends the client's address to X-Forwarded-For, as deployments do.
 */
export interface NginxProxy {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts nginx in front of the MCP endpoints `backends` (URLs); SSE passes through unbuffered. */
export async function startNginx(backends: readonly string[]): Promise<NginxProxy> {
  const port = await freeTcpPort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-nginx-"));
  const upstreams = backends.map((b) => `server ${new URL(b).host};`).join(" ");
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
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 60s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const check = spawnSync(NGINX!, ["-t", "-p", prefix, "-c", path.join(prefix, "nginx.conf")], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx refused its configuration: ${check.stderr}`);
  const nginx: ChildProcess = spawn(NGINX!, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
  await waitForTcpPort(port);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async stop() {
      if (nginx.exitCode === null) {
        await new Promise<void>((resolve) => {
          nginx.once("exit", () => resolve());
          nginx.kill("SIGTERM");
        });
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitForTcpPort(port: number): Promise<void> {
  // A bound on an nginx that never listens, with room for a slow start on a loaded machine.
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => (socket.end(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port} within 20 s`);
}
