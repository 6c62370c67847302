import type { McpSkill, McpSkillFile } from "./mcp-skill.js";
import type { ClientAnswers } from "./client-answers.js";
import { HostError } from "../errors/host-error.js";
import type {
  McpCompletion,
  McpCompletionRef,
  McpListKind,
  McpPrompt,
  McpPromptResult,
  McpResource,
  McpResourceContents,
  McpResourceTemplate,
} from "./mcp-context.js";
import type { McpCallResult, McpTool, ToolCaller } from "./mcp-tool.js";
import {
  classifyClientError,
  closedDuringProbe,
  createHttpTransport,
  createStdioTransport,
  defaultServerEnvironment,
  isUnauthorized,
  openClientSession,
  type CallListeners,
  type ClientSession,
  type OAuthClientProvider,
  type ServerIdentity,
  type Transport,
} from "./sdk-client.js";
import type { LoginAuth } from "./login-auth.js";
import { completeLogin, createServerAuth, parseServerUrl } from "./server-auth.js";
import type { ProtocolChoice, ProtocolEra } from "./protocol-era.js";
import { describeServer, type ServerSpec } from "./server-spec.js";
import { withWireLog, type WireListener } from "./wire-log-transport.js";
import type { CallAsTask } from "./task-call.js";
import { RawRequests } from "./raw-requests.js";
import { listProxyCatalog, upstreamMethods, type ProxyCatalog, type UpstreamMethods } from "./proxy-catalog.js";
import { StderrTail } from "./stderr-tail.js";

/** How `connectServer` connects, and what it reports while it does. */
export interface ConnectOptions {
  /** Longest wait for any one request (`server/discover` or `initialize`, `tools/list`, `tools/call`), in ms. */
  timeoutMs: number;
  clientName: string;
  clientVersion: string;
  /** Sees every JSON-RPC message in both directions. */
  onWire?: WireListener;
  /** Sees each line the server writes to stderr (stdio servers only). */
  onStderrLine?: (line: string) => void;
  /**
   * Told, in words, when a stdio server is started a second time: it closed the connection during
   * the `server/discover` probe (a 2025-11-25 server that exits on an unknown request), so a fresh
   * process opens with `initialize`.
   */
  onRestart?: (why: string) => void;
  /** `auto` (the default): 2026-07-28 where the server speaks it, else 2025-11-25. A version pins that era. */
  protocol?: ProtocolChoice;
  /**
   * How the host answers the server's questions (elicitation, sampling, roots), in either era;
   * each one given is declared as a client capability. Without it the host declares none.
   */
  answers?: ClientAnswers;
  /**
   * Given the authorization server's URL for a person to open, when a server with `login` needs
   * them to log in; the connect then waits (up to 5 minutes) for the redirect to come back.
   * Without it the URL is written to stderr.
   */
  onLogin?: (url: URL) => void;
  /** Listen for the server's list_changed notifications, so `refreshTools` can list the tools again. */
  watchLists?: boolean;
  /** Told when the server says its tools, resources or prompts changed (`refreshTools` lists the tools again). */
  onListChanged?: (kind: McpListKind) => void;
  /** Extensions the host supports, by identifier, declared as client capabilities (e.g. MCP Apps for `typemcp view`). */
  extensions?: Record<string, object>;
  /**
   * Connect as a gateway's upstream: list the resources, resource templates and prompts too, so
   * that `server.mount()` serves them beside the tools (each list is one more request at connect),
   * and declare elicitation (form) and sampling, passing each question the server asks during a
   * call to that call's `onelicit`/`onsample` (a gateway's caller); one no call can take goes to
   * `answers`, else elicitation is declined and sampling refused.
   */
  proxy?: boolean;
}

/** One server, connected in the era it speaks, with its tools listed. */
export interface ServerConnection extends UpstreamMethods {
  readonly spec: ServerSpec;
  /** Who the server said it is (in `initialize`, or in its `server/discover` answer). */
  readonly identity: ServerIdentity | undefined;
  /** The protocol era and version negotiated: 2026-07-28 (stateless) where the server speaks it, else 2025-11-25. */
  readonly era: ProtocolEra;
  /** Its tools, as last listed. */
  readonly tools: readonly McpTool[];
  /** Its resources, resource templates and prompts as listed at connect: only with `proxy` (else undefined). */
  readonly resources?: readonly McpResource[];
  readonly resourceTemplates?: readonly McpResourceTemplate[];
  readonly prompts?: readonly McpPrompt[];
  /** Whether the server declared the completions capability (`complete` answers from it). */
  readonly completes: boolean;
  /** `completion/complete` for one of its prompts' arguments or templates' variables, the others' values in `context`; failures are HostErrors (exit 3). */
  complete(ref: McpCompletionRef, argument: { name: string; value: string }, context?: { arguments?: Record<string, string> }): Promise<McpCompletion>;
  /** Whether the connection was lost under a call (the server exited or hung up): it will answer nothing more. */
  readonly lost: boolean;
  /** Lists the tools again if the server said they changed (`notifications/tools/list_changed`) since; true when it did. */
  refreshTools(): Promise<boolean>;
  /** The SDK client, for a `ToolRouter`. */
  readonly caller: ToolCaller;
  /**
   * Sends `tools/call`; a JSON-RPC error or lost connection becomes a HostError (exit 3).
   * Aborting `signal` cancels the call on the server (MCP `notifications/cancelled`);
   * `onprogress` and `onlog` hear the call's progress and the server's log messages meanwhile.
   */
  call(tool: string, args: Record<string, unknown>, options?: { signal?: AbortSignal } & CallListeners): Promise<McpCallResult>;
  /**
   * Calls `tool` as a task and waits for its result, telling `onStatus` each status it reports;
   * failures as for `call`. The whole task may take `timeoutMs` (it is cancelled past it, or when `signal` aborts).
   */
  callAsTask: CallAsTask;
  /** `resources/list`, `resources/read`, `prompts/list`, `prompts/get`; failures are HostErrors (exit 3). */
  listResources(): Promise<McpResource[]>;
  readResource(uri: string): Promise<McpResourceContents[]>;
  listPrompts(): Promise<McpPrompt[]>;
  getPrompt(name: string, args: Record<string, string>): Promise<McpPromptResult>;
  /** `skills/list` ([] from a server without the Skills extension) and a verified read of a skill's file; failures are HostErrors (exit 3). */
  listSkills(): Promise<McpSkill[]>;
  readSkill(skill: McpSkill, ref?: string): Promise<McpSkillFile>;
  /**
   * Tells the server the host's roots changed (`notifications/roots/list_changed`, 2025-11-25;
   * a 2026-07-28 server reads them afresh in each call), when the host shares roots.
   */
  notifyRootsChanged(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts or reaches the server, negotiates the protocol era (2026-07-28 by `server/discover`
 * first, the 2025-11-25 `initialize` handshake where the server does not speak it), lists its
 * tools, and returns the connection. Any failure is a HostError (exit 3) in plain words, with
 * the end of the server's stderr when it has written any.
 *
 * A stdio server is started once: the probe runs on that process. Only a server that exits on
 * the probe (in `auto` mode) is started again, to open with `initialize` straight away.
 */
export async function connectServer(spec: ServerSpec, options: ConnectOptions): Promise<ServerConnection> {
  const { auth, login } = await createServerAuth(spec, options.onLogin);
  try {
    return await connectWith(spec, options, auth, login);
  } catch (error) {
    await login?.close();
    throw error;
  }
}

async function connectWith(
  spec: ServerSpec,
  options: ConnectOptions,
  auth: OAuthClientProvider | undefined,
  login: LoginAuth | undefined,
): Promise<ServerConnection> {
  const who = `server ${describeServer(spec)}`;
  let session: ClientSession | undefined;
  const serverName = () => spec.name ?? session?.server?.name ?? describeServer(spec);
  const protocol = options.protocol ?? "auto";
  let tools: McpTool[] = [];
  let stale = false;
  const told = options.onListChanged;
  // Only a host that keeps its lists, or a gateway, asks to hear of changes (in 2026-07-28 that opens a subscriptions/listen stream).
  if (options.watchLists || told || options.proxy)
    options = {
      ...options,
      onListChanged: (kind) => {
        if (kind === "tools") stale = true;
        told?.(kind);
      },
    };
  let life = startServer(spec, options, auth);
  // A connect the SDK answered by sending the person to log in is made again once they have.
  const open = async (era: ProtocolChoice) => {
    try {
      return await openSession(life, options, era, serverName);
    } catch (error) {
      if (!(login?.awaitingLogin && isUnauthorized(error))) throw error;
      await completeLogin(login, who);
      // A fresh life: the first one's stderr tail would only muddle what went wrong with this one.
      life = startServer(spec, options, auth);
      return openSession(life, options, era, serverName);
    }
  };
  try {
    session = await open(protocol);
  } catch (error) {
    if (!(spec.kind === "stdio" && protocol === "auto" && closedDuringProbe(error))) throw await explainFailedStart(error, who, life, options);
    options.onRestart?.(RESTART_REASON);
    life = startServer(spec, options, auth);
    try {
      session = await openSession(life, options, "2025-11-25", serverName);
    } catch (error) {
      throw await explainFailedStart(error, who, life, options);
    }
  }
  const { stderr } = life;
  const fail = (error: unknown, method: string) => explain(error, who, method, options.timeoutMs, stderr, false);
  const connected = session;
  const listing = { method: "tools/list" };
  let catalog: ProxyCatalog = {};
  try {
    tools = await connected.listTools(options.timeoutMs);
    if (options.proxy) catalog = await listProxyCatalog(connected, options.timeoutMs, listing);
  } catch (error) {
    await connected.close().catch(() => {});
    throw fail(error, listing.method);
  }
  let lost = false;
  // A call that failed, as a task or not: a closed connection marks the server lost.
  const callFailed = (error: unknown): Promise<never> => {
    if (classifyClientError(error)?.kind === "closed") lost = true;
    return Promise.reject(fail(error, "tools/call"));
  };
  return {
    spec,
    identity: session.server,
    era: session.era,
    get tools() {
      return tools;
    },
    caller: session.caller,
    ...catalog,
    completes: connected.completes,
    complete: (ref, argument, context) =>
      connected.complete(ref, argument, options.timeoutMs, context).catch((error: unknown) => Promise.reject(fail(error, "completion/complete"))),
    get lost() {
      return lost;
    },
    call: (tool, args, callOptions) => connected.callTool(tool, args, options.timeoutMs, callOptions?.signal, callOptions).catch(callFailed),
    callAsTask: (tool, args, timeoutMs, onStatus, signal) => connected.callToolAsTask(tool, args, timeoutMs, onStatus, signal).catch(callFailed),
    async refreshTools() {
      if (!stale) return false;
      stale = false;
      tools = await connected.listTools(options.timeoutMs).catch((error: unknown) => Promise.reject(fail(error, "tools/list")));
      return true;
    },
    listResources: () => connected.listResources(options.timeoutMs).catch((error: unknown) => Promise.reject(fail(error, "resources/list"))),
    readResource: (uri) => connected.readResource(uri, options.timeoutMs).catch((error: unknown) => Promise.reject(fail(error, "resources/read"))),
    listPrompts: () => connected.listPrompts(options.timeoutMs).catch((error: unknown) => Promise.reject(fail(error, "prompts/list"))),
    getPrompt: (name, args) => connected.getPrompt(name, args, options.timeoutMs).catch((error: unknown) => Promise.reject(fail(error, "prompts/get"))),
    listSkills: () => connected.listSkills(options.timeoutMs).catch((error: unknown) => Promise.reject(fail(error, "skills/list"))),
    readSkill: (skill, ref) => connected.readSkill(skill, ref, options.timeoutMs).catch((error: unknown) => Promise.reject(fail(error, "resources/read"))),
    ...upstreamMethods(connected, options.timeoutMs, fail),
    notifyRootsChanged: async () => {
      if (options.answers?.roots)
        await connected.notifyRootsChanged().catch((error: unknown) => Promise.reject(fail(error, "notifications/roots/list_changed")));
    },
    close: async () => {
      await connected.close();
      await login?.close();
    },
  };
}

const NO_TOKEN_HINT =
  'It wants an OAuth access token: log in with --login, or give machine credentials (--client-id, --issuer, TYPEMCP_CLIENT_SECRET); in an mcp.json, the server\'s "oauth".';

const RESTART_REASON = "the server closed the connection during the server/discover probe; starting it again to open with initialize (2025-11-25)";

/** One start of the server (or one HTTP connection): its transport, its stderr, the request it was last sent. */
interface ServerLife {
  readonly stdio: boolean;
  readonly transport: Transport;
  /** The host's own requests on the same connection (task calls the SDK client cannot take). */
  readonly raw: RawRequests;
  readonly stderr: StderrTail;
  /** The method of the last request sent: what a failed connect was waiting on. */
  readonly connecting: () => string;
}

function startServer(spec: ServerSpec, options: ConnectOptions, auth: OAuthClientProvider | undefined): ServerLife {
  const stderr = new StderrTail(options.onStderrLine);
  // Which request the connect was waiting on when it failed depends on the era it was
  // negotiating (`server/discover`, or `initialize` after a fallback), so watch the wire.
  let connecting = "initialize";
  let raw: RawRequests | undefined;
  const transport = withWireLog(
    createTransport(spec, stderr, auth),
    (direction, message) => {
      if (direction === "send" && "method" in message && "id" in message) connecting = message.method;
      options.onWire?.(direction, message);
    },
    (message) => raw?.take(message) ?? false,
  );
  raw = new RawRequests(transport);
  return { stdio: spec.kind === "stdio", transport, raw, stderr, connecting: () => connecting };
}

async function openSession(life: ServerLife, options: ConnectOptions, protocol: ProtocolChoice, serverName: () => string): Promise<ClientSession> {
  try {
    return await openClientSession(life.transport, { ...options, protocol, stdio: life.stdio, serverName, raw: life.raw });
  } catch (error) {
    await life.transport.close().catch(() => {});
    throw error;
  }
}

async function explainFailedStart(error: unknown, who: string, life: ServerLife, options: ConnectOptions): Promise<HostError> {
  // The child's last stderr bytes travel through a pipe; let them land before quoting them.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return explain(error, who, life.connecting(), options.timeoutMs, life.stderr, true);
}

function createTransport(spec: ServerSpec, stderr: StderrTail, auth: OAuthClientProvider | undefined): Transport {
  if (spec.kind === "http") return createHttpTransport(parseServerUrl(spec.url), { ...spec.headers }, auth);
  const base = spec.inheritEnv ? definedOnly(process.env) : defaultServerEnvironment();
  const created = createStdioTransport({
    command: spec.command,
    args: spec.args,
    env: { ...base, ...spec.env },
    ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
  });
  stderr.follow(created.stderr);
  return created.transport;
}

function explain(error: unknown, who: string, method: string, timeoutMs: number, stderr: StderrTail, starting: boolean): HostError {
  if (error instanceof HostError) return error;
  const failure = classifyClientError(error);
  const message = error instanceof Error ? error.message : String(error);
  const syscall = (error as { syscall?: unknown } | null)?.syscall;
  let words: string;
  if (typeof syscall === "string" && syscall.startsWith("spawn")) words = `Could not start ${who}: ${message}`;
  else if (failure?.kind === "timeout") words = `The ${who} did not answer ${method} within ${timeoutMs / 1000} s.`;
  else if (failure?.kind === "closed") words = `The ${who} closed the connection before answering ${method}.`;
  else if (failure?.kind === "rpc") words = `The ${who} answered ${method} with an error: ${message}`;
  else words = `${starting ? "Could not connect to" : "Lost the connection to"} ${who} during ${method}: ${withCause(error, message)}`;
  if (failure?.kind === "unauthorized") words += `\n${NO_TOKEN_HINT}`;
  const tail = stderr.text();
  const unbuilt = missingEntryHint(tail);
  if (unbuilt) words += `\n${unbuilt}`;
  const code3 = starting ? "HOST_SERVER_UNAVAILABLE" : "HOST_REQUEST_FAILED";
  return new HostError(code3, tail ? `${words}\nIts stderr ended with:\n${indent(tail)}` : words, { cause: error });
}

// A server started before it was built dies with Node's MODULE_NOT_FOUND for its own file: say so
// in words, above the stack it printed.
function missingEntryHint(stderr: string): string | undefined {
  const file = /Cannot find module '([^']+\.[cm]?js)'/.exec(stderr)?.[1];
  if (!file || !/^(?:\/|[A-Za-z]:\\|file:)/.test(file)) return undefined;
  return `${file} does not exist: build the server first (typemcp build, or its package's build script), or fix the path.`;
}

// fetch() failures say only "fetch failed"; the reason (ECONNREFUSED…) is in `cause`, which the
// SDK may wrap once more (its era probe reports "Version negotiation probe failed: fetch failed").
function withCause(error: unknown, message: string): string {
  let cause = (error as { cause?: unknown } | null)?.cause;
  let detail: unknown;
  for (let depth = 0; depth < 4 && cause !== null && typeof cause === "object"; depth++) {
    const { code, message: said, cause: deeper } = cause as { code?: unknown; message?: unknown; cause?: unknown };
    detail = typeof code === "string" ? code : said;
    if (typeof code === "string") break;
    cause = deeper;
  }
  return typeof detail === "string" && !message.includes(detail) ? `${message} (${detail})` : message;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
