import http from "node:http";
import type { AddressInfo } from "node:net";
import { HostError } from "../errors/host-error.js";
import type { ServerConnection } from "../host/connect-server.js";
import type { ViewCsp } from "../definitions/tool-definition.js";
import { toFramePolicy } from "./frame-policy.js";
import { createPreviewGuard, NO_FRAMING, type PreviewGuard } from "./preview-guard.js";

/** How the preview page reaches the server it shows. */
export interface PreviewOptions {
  /** Connects (again) to the MCP server, declaring MCP Apps; called at start and on every `reload()`. */
  connect(): Promise<ServerConnection>;
  /** The preview page: HTML with its script inline. */
  page: string;
  /** The port on 127.0.0.1; 0 or none picks a free one. */
  port?: number;
}

/** A running preview: its URL, and how to tell open pages that the server was rebuilt. */
export interface PreviewServer {
  /** The page's URL, with the token every request of the page must carry (see `createPreviewGuard`). */
  readonly url: string;
  /** Connects to the server again and tells every open page to reload its tools and view. */
  reload(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves the preview page on 127.0.0.1 and stands between it and the MCP server as its host:
 * the page lists the tools and calls them through here, and each view's page is served in its
 * own sandboxed frame with the Content-Security-Policy its `_meta.ui.csp` declares. A view's
 * calls reach the server only through the page's AppBridge and this host.
 */
export async function startPreviewServer(options: PreviewOptions): Promise<PreviewServer> {
  let connection = await options.connect();
  const streams = new Set<http.ServerResponse>();
  // Made once the port is known; no request is answered before.
  let guard: PreviewGuard;
  const server = http.createServer((req, res) => {
    void route(req, res).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!res.headersSent) json(res, error instanceof HostError ? 502 : 500, { error: message });
      else res.end();
    });
  });
  const route = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    // Only this machine's own pages: a page elsewhere that resolves a name to 127.0.0.1 must not drive the server.
    if (!isLoopbackHost(req.headers.host)) return json(res, 403, { error: "The preview answers requests to 127.0.0.1 or localhost only." });
    // Only this page's own user: any site the user visits could otherwise call 127.0.0.1.
    const refused = guard.check(req, url);
    if (refused) return json(res, refused.status, { error: refused.error });
    if (req.method === "GET" && url.pathname === "/") return send(res, 200, "text/html; charset=utf-8", options.page, guard.pageHeaders());
    if (req.method === "GET" && url.pathname === "/api/server") {
      const { identity, era, tools } = connection;
      return json(res, 200, { identity, era, tools });
    }
    if (req.method === "POST" && url.pathname === "/api/call") {
      const { name, arguments: args } = JSON.parse(await body(req)) as { name: string; arguments?: Record<string, unknown> };
      return json(res, 200, await connection.call(name, args ?? {}));
    }
    if (req.method === "GET" && url.pathname === "/frame") return frame(res, url.searchParams.get("uri") ?? "");
    if (req.method === "GET" && url.pathname === "/api/events") {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store" });
      res.write(": connected\n\n");
      streams.add(res);
      req.on("close", () => streams.delete(res));
      return undefined;
    }
    return json(res, 404, { error: `No ${req.method} ${url.pathname} here.` });
  };
  // A view's page is read fresh each time, so a rebuilt view shows on the next render.
  const frame = async (res: http.ServerResponse, uri: string) => {
    if (!uri.startsWith("ui://")) return json(res, 400, { error: `Not a view URI: "${uri.slice(0, 200)}".` });
    const [contents] = await connection.readResource(uri);
    const text = contents?.text;
    if (typeof text !== "string") return json(res, 404, { error: `${uri} has no page.` });
    const ui = (contents?._meta as { ui?: { csp?: ViewCsp } } | undefined)?.ui;
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": toFramePolicy(ui?.csp),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
    res.end(text);
    return undefined;
  };
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  guard = createPreviewGuard(port);
  return {
    url: `http://127.0.0.1:${port}/${guard.query}`,
    async reload() {
      const previous = connection;
      connection = await options.connect();
      await previous.close().catch(() => undefined);
      for (const stream of streams) stream.write("event: reload\ndata: {}\n\n");
    },
    async close() {
      for (const stream of streams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await connection.close().catch(() => undefined);
    },
  };
}

function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?$/.test(host);
}

const MAX_BODY = 1_000_000;

function body(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
      if (text.length > MAX_BODY) req.destroy(new Error("request body over 1 MB"));
    });
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

function json(res: http.ServerResponse, status: number, value: unknown): void {
  send(res, status, "application/json", JSON.stringify(value));
}

function send(res: http.ServerResponse, status: number, type: string, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...NO_FRAMING, ...headers });
  res.end(text);
}
