// The calculator as the v2 SDK's docs teach it (`@modelcontextprotocol/server` 2.4.0, the line
// typemcp's runtime is built on): McpServer + a zod schema per tool, written by hand. `pnpm bench`
// runs it twice: as installed (plain ESM imports from node_modules) and as one esbuild bundle.
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";
import { registerCalculator } from "./mcpserver-calc-tools.mjs";

const server = new McpServer({ name: "calc-v2-mcpserver", version: "1.0.0" });
// The v2 McpServer takes Standard Schemas: a z.object per schema.
registerCalculator(server, z, (shape) => z.object(shape));
await server.connect(new StdioServerTransport());
