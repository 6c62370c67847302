import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { Transport } from "@modelcontextprotocol/client";
import { startHttpServer } from "./http-server.js";
import { fromRoot } from "./paths.js";
import { installRuntimes, startUnder, type Runtime } from "./runtimes.js";
import { fetchFrom } from "./fetch-from.js";

/** The two protocol eras every transport serves. */
export const ERAS = ["2025-11-25", "2026-07-28"] as const;
export type Era = (typeof ERAS)[number];

/** The shared bearer token every HTTP transport of the contract requires. */
export const CONTRACT_TOKEN = "contract-token-0123456789";

const UI = "io.modelcontextprotocol/ui";
export const VIEW_MIME = "text/html;profile=mcp-app";

const PROJECT = fromRoot("test/fixtures/contract");
const DIST = `${PROJECT}/dist`;

/**
 * Builds the contract fixture (test/fixtures/contract) as a user would: the server for Node,
 * Workers, Deno and Bun, and the gateway beside it. Once per run.
 */
export function buildContractFixture(): void {
  const cli = fromRoot("packages/framework/bin/typemcp.js");
  const project = `${PROJECT}/tsconfig.json`;
  // One build: the compiler emits every file (the gateway and the class beside the entry), and
  // the entry is bundled for Node and each platform.
  execFileSync(
    process.execPath,
    [
      cli,
      "build",
      "--project",
      project,
      "--entry",
      `${PROJECT}/src/contract.ts`,
      "--target",
      "workers",
      "--target",
      "deno",
      "--target",
      "bun",
      "--target",
      "vercel",
    ],
    {
      cwd: fromRoot("."),
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
}

/** What a case is given: a client connected in one era over one transport, and what it needs to know of it. */
export interface ContractClient {
  readonly client: Client;
  readonly era: Era;
  readonly transport: string;
  /** The name of the server that answers: the contract server's, or the gateway's. */
  readonly serverName: string;
  /** The name a tool or prompt of ContractTools is served under here (a gateway prefixes it). */
  tool(name: string): string;
  /** The URI (or URI template) a resource of ContractTools is served under here (a gateway prefixes it). */
  uri(uri: string): string;
  /** Every log message and list change the client heard, in order. */
  readonly heard: { logs: unknown[]; toolListChanges: number };
  /** POSTs one JSON-RPC message as it is, with the bearer token or without (HTTP only); undefined over stdio. */
  post?(message: object, withToken: boolean): Promise<Response>;
}

/** One way to reach the contract server: started once, connected once per era. */
export interface ContractTransport {
  readonly id: string;
  /** Why it cannot run here, when it cannot (a runtime npm could not install). */
  readonly missing?: string;
  start(): Promise<void>;
  connect(era: Era): Promise<ContractClient>;
  /**
   * HTTP only: connects as a client at `address` (a 127.0.0.x), sending `headers` with every
   * request. Where the platform learns the caller from a header (Workers' CF-Connecting-IP, which
   * Cloudflare's edge sets), the client sends that header as the edge would.
   */
  connectFrom?(era: Era, address: string, headers?: Record<string, string>): Promise<ContractClient>;
  stop(): Promise<void>;
}

// The client every case uses: declares elicitation, sampling and MCP Apps, answers the server's
// questions at once, and records log messages and tool list changes.
async function connectClient(era: Era, transport: Transport, base: Omit<ContractClient, "client" | "era" | "heard">): Promise<ContractClient> {
  const heard = { logs: [] as unknown[], toolListChanges: 0 };
  const client = new Client(
    { name: "transport-contract", version: "1.0.0" },
    {
      versionNegotiation: { mode: era === "2025-11-25" ? "legacy" : { pin: "2026-07-28" } },
      capabilities: { elicitation: { form: {} }, sampling: {}, extensions: { [UI]: { mimeTypes: [VIEW_MIME] } } as never },
      listChanged: { tools: { autoRefresh: false, debounceMs: 0, onChanged: () => void heard.toolListChanges++ } },
    },
  );
  client.setRequestHandler("elicitation/create", () => ({ action: "accept" as const, content: { name: "Ada" } }));
  client.setRequestHandler("sampling/createMessage", () => ({
    model: "contract-model",
    role: "assistant" as const,
    content: { type: "text" as const, text: "42" },
  }));
  client.setNotificationHandler("notifications/message", (notification) => void heard.logs.push(notification.params));
  await client.connect(transport);
  return { client, era, heard, ...base };
}

const auth = { Authorization: `Bearer ${CONTRACT_TOKEN}` };

/**
 * The one proxy every HTTP contract server trusts (`MCP_TRUST_PROXY`, `trustProxy`): a client
 * connecting from this address stands for the proxy, whose X-Forwarded-For is believed; from any
 * other, that header changes nothing.
 */
export const TRUSTED_PROXY = "127.0.0.250";

/** How many tasks one caller may have running at once on every contract server, so the cap is reached in a test. */
export const TASKS_PER_CALLER = 1;

// What each contract server process is started with: the shared token, the trusted proxy and the task cap.
const SERVER_ENV = { MCP_AUTH_TOKEN: CONTRACT_TOKEN, MCP_TRUST_PROXY: TRUSTED_PROXY, MCP_MAX_TASKS_PER_OWNER: String(TASKS_PER_CALLER) };
const same = (name: string) => name;

function rawPost(url: string, fetcher: typeof fetch = fetch): NonNullable<ContractClient["post"]> {
  return (message, withToken) =>
    fetcher(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...(withToken ? auth : {}) },
      body: JSON.stringify(message),
    });
}

/** How a platform learns the caller's address: from the socket, or from the header its edge sets. */
type AddressSource = "socket" | "cf-connecting-ip";

function httpTransport(
  id: string,
  start: () => Promise<{ url: string; stop(): Promise<void> }>,
  prefix?: string,
  addressBy: AddressSource = "socket",
): ContractTransport {
  const tool = prefix === undefined ? same : (name: string) => `${prefix}_${name}`;
  const uri = prefix === undefined ? same : (u: string) => u.replace("://", `://${prefix}/`);
  let running: { url: string; stop(): Promise<void> } | undefined;
  const connectWith = (era: Era, fetcher: typeof fetch | undefined, headers: Record<string, string>) =>
    connectClient(
      era,
      new StreamableHTTPClientTransport(new URL(running!.url), { requestInit: { headers: { ...auth, ...headers } }, ...(fetcher ? { fetch: fetcher } : {}) }),
      {
        transport: id,
        serverName: prefix === undefined ? "contract" : "gateway",
        tool,
        uri,
        post: rawPost(running!.url),
      },
    );
  return {
    id,
    async start() {
      running = await start();
    },
    connect: (era) => connectWith(era, undefined, {}),
    connectFrom: (era, address, headers = {}) =>
      addressBy === "socket" ? connectWith(era, fetchFrom(address), headers) : connectWith(era, undefined, { ...headers, "CF-Connecting-IP": address }),
    stop: async () => running?.stop(),
  };
}

const nodeListener = (id: string, args: string[]) => httpTransport(id, () => startHttpServer(`${DIST}/contract.js`, args, SERVER_ENV));

const gateway = (id: string, prefix: string) => {
  // Both gateway transports share one process: it mounts the class and the remote server.
  return httpTransport(id, () => sharedGateway(), prefix);
};
let gatewayProcess: Promise<{ url: string; stop(): Promise<void> }> | undefined;
let gatewayUsers = 0;
function sharedGateway(): Promise<{ url: string; stop(): Promise<void> }> {
  gatewayUsers++;
  gatewayProcess ??= startHttpServer(`${DIST}/contract-gateway.js`, [], SERVER_ENV);
  return gatewayProcess.then((server) => ({
    url: server.url,
    stop: async () => {
      if (--gatewayUsers > 0) return;
      gatewayProcess = undefined;
      await server.stop();
    },
  }));
}

function inMemoryFetch(): ContractTransport {
  type Handler = { fetch(request: Request): Promise<Response>; handle(request: Request, extras: object): Promise<Response>; close(): Promise<void> };
  let handler: Handler | undefined;
  const fetcher: typeof fetch = (input, init) => handler!.fetch(new Request(input, init));
  const url = "http://127.0.0.1/mcp";
  return {
    id: "toFetchHandler in memory",
    async start() {
      const typemcp = (await import("typemcp")) as unknown as {
        createServer(instance: object, info: object): { tools: { enable(k: string): boolean; disable(k: string): boolean } };
        toFetchHandler(server: object, options: object): Handler;
      };
      const { ContractTools } = (await import(pathToFileURL(`${DIST}/contract-tools.js`).href)) as { ContractTools: new () => { onToggle(e: boolean): void } };
      const tools = new ContractTools();
      const server = typemcp.createServer(tools, { name: "contract", version: "1.0.0", taskLimits: { maxTasksPerOwner: TASKS_PER_CALLER } });
      tools.onToggle = (enabled) => (enabled ? server.tools.enable("extra") : server.tools.disable("extra"));
      handler = typemcp.toFetchHandler(server, { auth: { token: CONTRACT_TOKEN }, trustProxy: [TRUSTED_PROXY] });
    },
    connect: (era) =>
      connectClient(era, new StreamableHTTPClientTransport(new URL(url), { fetch: fetcher, requestInit: { headers: auth } }), {
        transport: "toFetchHandler in memory",
        serverName: "contract",
        tool: same,
        uri: same,
        post: rawPost(url, fetcher),
      }),
    // The address an app mounting the handler knows, passed as toFetchHandler's extras.
    connectFrom: (era, address, headers = {}) =>
      connectClient(
        era,
        new StreamableHTTPClientTransport(new URL(url), {
          fetch: (input, init) => handler!.handle(new Request(input, init), { remoteAddress: address }),
          requestInit: { headers: { ...auth, ...headers } },
        }),
        { transport: "toFetchHandler in memory", serverName: "contract", tool: same, uri: same },
      ),
    stop: async () => handler?.close(),
  };
}

function stdio(): ContractTransport {
  return {
    id: "stdio",
    start: async () => undefined,
    connect: (era) =>
      connectClient(era, new StdioClientTransport({ command: process.execPath, args: [`${DIST}/contract.js`], stderr: "pipe" }), {
        transport: "stdio",
        serverName: "contract",
        tool: same,
        uri: same,
      }),
    stop: async () => undefined,
  };
}

function underRuntime(runtime: Runtime, found: { bin: string } | { missing: string }, target: string): ContractTransport {
  const id = `${runtime} (contract.${target}.js)`;
  if ("missing" in found)
    return { id, missing: found.missing, start: async () => undefined, connect: () => Promise.reject(new Error(found.missing)), stop: async () => undefined };
  return httpTransport(
    id,
    () => startUnder(runtime, found.bin, `${DIST}/contract.${target}.js`, 30_000, SERVER_ENV),
    undefined,
    runtime === "workerd" ? "cf-connecting-ip" : "socket",
  );
}

/** Every transport the contract runs over, in the order the matrix lists them. */
export function contractTransports(): ContractTransport[] {
  const runtimes = installRuntimes();
  return [
    stdio(),
    nodeListener("Node listener", []),
    nodeListener("Node listener --stateless", ["--stateless"]),
    inMemoryFetch(),
    underRuntime("bun", runtimes.bun, "bun"),
    underRuntime("deno", runtimes.deno, "deno"),
    underRuntime("workerd", runtimes.workerd, "workers"),
    gateway("gateway, mounted class", "local"),
    gateway("gateway, mounted remote server", "remote"),
  ];
}
