/**
 * The one module of the host side that imports `@modelcontextprotocol/sdk` (the server side's is
 * `runtime/sdk.ts`). Everything else on the host side speaks in its own terms: transports to
 * wrap, a session that lists and calls tools, JSON-RPC error codes.
 */
import type { Readable } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, McpError, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { McpCallResult, McpTool, ToolCaller } from "./mcp-tool.js";

export type { JSONRPCMessage, Transport };

/** JSON-RPC codes the SDK raises on the client side without a server saying so. */
export const CLIENT_ERROR_CODES = { timeout: ErrorCode.RequestTimeout, closed: ErrorCode.ConnectionClosed } as const;

/** How to start a stdio server. */
export interface StdioLaunch {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd?: string;
}

/** A transport that spawns the server on `start()`, with its stderr piped for the host to read. */
export function createStdioTransport(launch: StdioLaunch): { transport: Transport; stderr: Readable } {
  const transport = new StdioClientTransport({ ...launch, args: [...launch.args], stderr: "pipe" });
  // With stderr "pipe" the SDK hands out a PassThrough at once, before the process exists.
  return { transport, stderr: transport.stderr as Readable };
}

/** A Streamable HTTP transport to `url`. */
export function createHttpTransport(url: URL, headers: Record<string, string> = {}): Transport {
  return new StreamableHTTPClientTransport(url, { requestInit: { headers } });
}

/** The environment a host passes to a stdio server by default: PATH, HOME and the like, no secrets. */
export function defaultServerEnvironment(): Record<string, string> {
  return getDefaultEnvironment();
}

/** Who a server says it is in the `initialize` handshake. */
export interface ServerIdentity {
  name: string;
  version: string;
  title?: string;
}

/** A client connected to one server, past the `initialize` handshake. */
export interface ClientSession {
  readonly server: ServerIdentity | undefined;
  /** The underlying client, to hand to a `ToolRouter`. */
  readonly caller: ToolCaller;
  /** Every tool, following `nextCursor` pages. */
  listTools(timeoutMs: number): Promise<McpTool[]>;
  /** Aborting `signal` cancels the request: the SDK sends `notifications/cancelled`. */
  callTool(name: string, args: Record<string, unknown>, timeoutMs: number, signal?: AbortSignal): Promise<McpCallResult>;
  close(): Promise<void>;
}

/** Connects a client over `transport` and completes `initialize` / `notifications/initialized`. */
export async function openClientSession(
  transport: Transport,
  options: { clientName: string; clientVersion: string; timeoutMs: number },
): Promise<ClientSession> {
  const client = new Client({ name: options.clientName, version: options.clientVersion });
  await client.connect(transport, { timeout: options.timeoutMs });
  const info = client.getServerVersion();
  return {
    server: info && { name: info.name, version: info.version, ...(info.title === undefined ? {} : { title: info.title }) },
    caller: client,
    async listTools(timeoutMs) {
      const tools: McpTool[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: timeoutMs });
        tools.push(...(page.tools as McpTool[]));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return tools;
    },
    async callTool(name, args, timeoutMs, signal) {
      return (await client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs, ...(signal && { signal }) })) as McpCallResult;
    },
    close: () => client.close(),
  };
}

/** The JSON-RPC error code of an error the SDK raised for a request, or undefined for anything else. */
export function jsonRpcCodeOf(error: unknown): number | undefined {
  return error instanceof McpError ? error.code : undefined;
}
