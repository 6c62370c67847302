import { connectToCommand } from "./stdio-client.js";

/** Starts `command` as a stdio MCP server, as a host would, and returns the names of its tools. */
export async function listToolNames(command: string, args: readonly string[], cwd: string): Promise<string[]> {
  const session = await connectToCommand(command, args, { cwd });
  try {
    return (await session.client.listTools()).tools.map((t) => t.name);
  } catch (error) {
    throw new Error(`${command} ${args.join(" ")} did not answer tools/list: ${(error as Error).message}\n${session.stderr()}`);
  } finally {
    await session.close();
  }
}
