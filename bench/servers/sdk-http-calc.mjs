// The SDK's own Streamable HTTP pattern for a stateless server: McpServer + zod, a fresh
// transport and server per request, on Node's http module (as in the SDK's examples).
import { createServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

function buildServer() {
  const server = new McpServer({ name: "calc-sdk-http", version: "1.0.0" });
  const pair = { a: z.number(), b: z.number() };
  const ok = (value) => ({ content: [{ type: "text", text: String(value) }], structuredContent: { result: value } });
  server.registerTool("add", { description: "Add two numbers.", inputSchema: pair, outputSchema: { result: z.number() } }, ({ a, b }) => ok(a + b));
  return server;
}

const http = createServer(async (req, res) => {
  if (req.method !== "POST" || req.url !== "/mcp") return void res.writeHead(404).end();
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = JSON.parse(Buffer.concat(chunks).toString());
  const server = buildServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on("close", () => {
    transport.close();
    server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
});
http.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.stderr.write(`serving MCP over HTTP at http://127.0.0.1:${http.address().port}/mcp\n`);
});
