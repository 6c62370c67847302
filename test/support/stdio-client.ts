import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import os from "node:os";

/** An SDK client connected to a server process over real stdio, with the server's stderr kept. */
export interface StdioSession {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/** Spawns `node <script>` from a neutral working directory and connects the SDK's own Client. */
export function connectToServer(script: string, env: Record<string, string> = {}): Promise<StdioSession> {
  return connectToCommand(process.execPath, [script], { cwd: os.tmpdir(), env });
}

/**
 * Starts `command` as a stdio MCP server, as a host would, and connects the SDK's own Client.
 * A server that does not complete `initialize` fails with what it wrote to stderr.
 */
export async function connectToCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command,
    args: [...args],
    cwd: options.cwd,
    env: { ...(process.env as Record<string, string>), ...options.env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: "typemcp-tests", version: "0.0.0" });
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close();
    throw new Error(`${command} ${args.join(" ")} did not complete initialize: ${(error as Error).message}\n${stderr}`);
  }
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** The text of a tool result's first content block. */
export function textOf(result: object): string {
  const first = ((result as { content?: unknown }).content as Array<{ type: string; text?: string }> | undefined)?.[0];
  if (first?.type !== "text" || first.text === undefined) throw new Error(`expected a text block, got ${JSON.stringify(result)}`);
  return first.text;
}
