import { createServer, isTypemcpServer, type TypemcpServer } from "../runtime/create-server.js";
import { handleOf } from "../runtime/server-handle.js";
import type { ElicitResult, SamplingResult } from "../runtime/context.js";
import { UI_EXTENSION } from "../runtime/sdk/sdk.js";
import { VIEW_MIME_TYPE } from "../runtime/components/tool-views.js";
import { linkClient, type ProtocolVersion } from "./sdk-client.js";
import { TestClient } from "./test-client.js";

/** How the test's client presents itself and answers the server's own requests. */
export interface ConnectOptions {
  /**
   * Answers `ctx.elicit(...)`: receives the request (`message`, `requestedSchema`) and returns
   * the user's answer. Without it the client declares no elicitation capability.
   */
  onElicit?: (request: {
    message: string;
    requestedSchema?: Record<string, unknown>;
  }) => ElicitResult<Record<string, unknown>> | Promise<ElicitResult<Record<string, unknown>>>;
  /**
   * Answers `ctx.sample(...)` as the client's model would. Without it the client declares no
   * sampling capability.
   */
  onSample?: (request: {
    messages: Array<{ role: string; content: unknown }>;
    maxTokens: number;
    systemPrompt?: string;
  }) => SamplingResult | Promise<SamplingResult>;
  /** Answers `ctx.roots()`: the roots the client shares. Without it the client declares no roots capability. */
  roots?: Array<{ uri: string; name?: string }>;
  /**
   * The protocol revision the client speaks: `"2025-11-25"` (default: the `initialize` handshake,
   * server-to-client requests) or `"2026-07-28"` (no handshake, a `_meta` envelope on every
   * request, input-required results for elicitation and sampling). A server serves both.
   */
  protocolVersion?: ProtocolVersion;
  /**
   * Declare the MCP Apps extension, as a host that renders views does: tools with a view then
   * carry `_meta.ui.resourceUri` and their `ui://` pages are listed and readable. Default false:
   * the server is seen as a client without views sees it.
   */
  views?: boolean;
}

/**
 * Connects an MCP client to a server in this process, through real JSON-RPC over an in-memory
 * transport: no child process, no build output, the same validation a host gets. Takes an
 * instance of a class with `@tool` methods or a server made by `createServer()`.
 * Works in vitest (with the `typemcp/vite` plugin) and in Node's own test runner (on built code).
 *
 * @example
 * ```ts
 * import { connect } from "typemcp/testing";
 *
 * const client = await connect(new Calculator());
 * expect(await client.call("add", { a: 2, b: 3 })).toBe(5);
 * expect(await client.callError("divide", { a: 1, b: 0 })).toMatch(/zero/);
 * await client.close();
 * ```
 */
export async function connect(target: object | TypemcpServer, options: ConnectOptions = {}): Promise<TestClient> {
  const server = isTypemcpServer(target) ? target : createServer(target, { name: nameOf(target), version: "0.0.0" });
  const handle = handleOf(server, "connect");
  await handle.skillsReady();
  let client: TestClient | undefined;
  const pending: Array<Parameters<TestClient["receive"]>[0]> = [];
  const linked = await linkClient(
    (era) => handle.openSession({ era }),
    {
      ...(options.onElicit ? { elicit: (params) => options.onElicit!(params as never) } : {}),
      ...(options.onSample ? { sample: (params) => options.onSample!(params as never) } : {}),
      ...(options.roots ? { roots: () => ({ roots: options.roots }) } : {}),
      ...(options.views ? { extensions: { [UI_EXTENSION]: { mimeTypes: [VIEW_MIME_TYPE] } } } : {}),
      // Notifications can arrive during the handshake, before the TestClient exists.
      notification: (notification) => (client ? client.receive(notification) : pending.push(notification)),
    },
    options.protocolVersion,
  );
  client = new TestClient(linked, (tool) => handle.resultPlan(tool), options.views === true);
  for (const notification of pending) client.receive(notification);
  return client;
}

function nameOf(instance: object): string {
  return (instance.constructor as { name?: string } | undefined)?.name || "server";
}
