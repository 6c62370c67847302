// The calculator as the SDK's docs teach it: McpServer + a zod schema per tool, written by hand.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { registerCalculator } from "./mcpserver-calc-tools.mjs";

const server = new McpServer({ name: "calc-mcpserver", version: "1.0.0" });
// The 1.x McpServer takes each schema as a raw zod shape.
registerCalculator(server, z, (shape) => shape);
await server.connect(new StdioServerTransport());
