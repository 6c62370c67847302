import http from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

/** A Streamable HTTP MCP server on 127.0.0.1 built from the SDK's own parts, for host-side tests. */
export interface HttpMcpServer {
  /** `http://127.0.0.1:<port>/mcp` */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Starts a stateless Streamable HTTP server (a fresh SDK `Server` and transport per request, as
 * the SDK's stateless example does) named "echo-http", with `shout(text)` and `fail()`.
 */
export async function startHttpMcpServer(): Promise<HttpMcpServer> {
  const httpServer = http.createServer(async (req, res) => {
    if (req.url !== "/mcp" || req.method !== "POST") {
      res.writeHead(405, { Allow: "POST" }).end();
      return;
    }
    const server = new Server({ name: "echo-http", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [
        {
          name: "shout",
          description: "Repeat the text in capitals. Nothing else.",
          inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
          annotations: { readOnlyHint: true },
        },
        { name: "fail", description: "Always fails.", inputSchema: { type: "object", properties: {} } },
      ],
    }));
    server.setRequestHandler(CallToolRequestSchema, (request) =>
      request.params.name === "shout"
        ? { content: [{ type: "text", text: String(request.params.arguments?.text ?? "").toUpperCase() }] }
        : { content: [{ type: "text", text: "It failed, as it always does." }], isError: true },
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => {
      httpServer.closeAllConnections();
      return new Promise((resolve) => httpServer.close(() => resolve()));
    },
  };
}
