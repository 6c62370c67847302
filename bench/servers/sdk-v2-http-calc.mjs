// The calculator on the v2 SDK's own HTTP entry (`@modelcontextprotocol/server` 2.4.0): McpServer
// + zod, `createMcpHandler` with its default stateless fallback, so it serves 2026-07-28 requests
// and 2025-11-25 ones alike, a fresh McpServer per request, as the SDK's docs teach. Mounted on
// Node's http module by converting to and from web-standard objects, which is what the SDK's
// Node adapter does; PORT picks the port (0, the default: any free one).
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { registerCalculator } from "./mcpserver-calc-tools.mjs";

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: "calc-v2-http", version: "1.0.0" });
  registerCalculator(server, z, (shape) => z.object(shape));
  return server;
});

const http = createServer(async (req, res) => {
  if (req.url !== "/mcp") return void res.writeHead(404).end();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
  const response = await handler.fetch(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  Readable.fromWeb(response.body).pipe(res);
});
http.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.stderr.write(`serving MCP over HTTP at http://127.0.0.1:${http.address().port}/mcp\n`);
});
