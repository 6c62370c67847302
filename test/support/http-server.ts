import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import { untilSays } from "./output-says.js";

/** A server process started with `--http --port 0`, and the URL it announced. */
export interface HttpServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  stderr(): string;
  /** Resolves once the server has written `text` to stderr; fails if stderr ends first, or after `timeoutMs` when given. */
  stderrSays(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code once the process has exited. */
  exited(): Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts `node <script> --http --port 0 ...args` and waits for its "serving MCP over HTTP at" line,
 * however long a loaded machine takes to start it (the test's own timeout bounds a frozen one);
 * fails at once, with its stderr, if it exits first.
 */
export async function startHttpServer(script: string, args: string[] = [], env: Record<string, string> = {}): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, [script, "--http", "--port", "0", ...args], {
    cwd: os.tmpdir(),
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  let stdout = "";
  child.stdout!.setEncoding("utf8").on("data", (c: string) => (stdout += c));
  // "close", not "exit": at "exit" the last of stdout and stderr may still be unread.
  const exit = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      const match = /serving MCP over HTTP at (\S+)/.exec(stderr);
      if (match) resolve(match[1]!);
    });
    void exit.then((code) => reject(new Error(`server exited with ${code} before listening; stderr: ${stderr}`)));
  });
  return {
    child,
    url,
    stderr: () => stderr,
    stderrSays: (text, timeoutMs) => untilSays(child.stderr!, () => stderr, text, timeoutMs),
    exited: () => exit,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exit;
      if (stdout !== "") throw new Error(`HTTP server wrote to stdout: ${stdout}`);
    },
  };
}

/** An SDK client connected over Streamable HTTP. */
export async function connectHttp(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "typemcp-tests", version: "0.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** One 2026-07-28 request, as {@link post2026} sends it. */
export interface Request2026 {
  id: number;
  method: string;
  /** The `Mcp-Name` header: the tool, prompt or resource the request names. */
  name: string;
  params: Record<string, unknown>;
  /** The params' `_meta`: version, client info and capabilities. */
  meta: Record<string, unknown>;
  /** More HTTP headers, e.g. `Authorization`. */
  headers?: Record<string, string>;
}

/**
 * POSTs one 2026-07-28 JSON-RPC request the way a stateless client sends it over Streamable HTTP:
 * the version, method and name headers, and `meta` as the params' `_meta`.
 */
export function post2026(url: string, request: Request2026, signal?: AbortSignal): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": "2026-07-28",
      "Mcp-Method": request.method,
      "Mcp-Name": request.name,
      ...request.headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: request.id, method: request.method, params: { ...request.params, _meta: request.meta } }),
    ...(signal && { signal }),
  });
}

/** The JSON-RPC answer in a POST's body: the JSON itself, or the last message of its SSE stream. */
export function jsonRpcAnswer(text: string, contentType: string | null): any {
  if (!contentType?.includes("text/event-stream")) return JSON.parse(text);
  return JSON.parse([...text.matchAll(/^data: (.*)$/gm)].at(-1)![1]!);
}

/** One 2026-07-28 request over HTTP, as a client that declares the Tasks extension sends it; which instance answered, and the JSON-RPC answer. */
export async function rpc2026(
  url: string,
  method: string,
  params: Record<string, unknown>,
  name: string,
  capabilities: Record<string, unknown> = {},
): Promise<{ upstream: string | null; body: Record<string, any> }> {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "typemcp-tests", version: "0" },
    "io.modelcontextprotocol/clientCapabilities": { ...capabilities, extensions: { "io.modelcontextprotocol/tasks": {} } },
  };
  const res = await post2026(url, { id: 1, method, name, params, meta }, AbortSignal.timeout(10_000));
  const body = jsonRpcAnswer(await res.text(), res.headers.get("content-type")) as Record<string, any>;
  return { upstream: res.headers.get("x-upstream"), body };
}
