import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/** Starts `command` as a stdio MCP server, as a host would, and returns the names of its tools. */
export async function listToolNames(command: string, args: readonly string[], cwd: string): Promise<string[]> {
  const transport = new StdioClientTransport({ command, args: [...args], cwd, env: process.env as Record<string, string>, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: "typemcp-tests", version: "0.0.0" });
  try {
    await client.connect(transport);
    return (await client.listTools()).tools.map((t) => t.name);
  } catch (error) {
    throw new Error(`${command} ${args.join(" ")} did not answer tools/list: ${(error as Error).message}\n${stderr}`);
  } finally {
    await client.close();
  }
}
