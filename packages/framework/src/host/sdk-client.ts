/**
 * The one module of the host side that imports the MCP client SDK, `@modelcontextprotocol/client`
 * (the server side's is `runtime/sdk/sdk.ts`). Everything else on the host side speaks in its own
 * terms: transports to wrap, a session that lists and calls tools, the era a connection speaks,
 * JSON-RPC error codes.
 *
 * The v2 client negotiates the protocol era itself (`versionNegotiation: { mode: "auto" }`), as
 * the 2026-07-28 specification's backward-compatibility rules say: it probes with
 * `server/discover` carrying its version and capabilities in `_meta`; a 2026-07-28 answer (or an
 * UnsupportedProtocolVersionError naming a version both speak) selects the 2026-07-28 era, any
 * other answer selects the `initialize` handshake of 2025-11-25. On stdio the probe runs in place,
 * on the one process the host starts: a 2026-07-28 server, or a 2025-11-25 one that answers
 * the unknown method with an error (the v1 SDK answers -32601), is started once. A 2025-11-25
 * server that exits on a request before `initialize` fails the connect (`closedDuringProbe`), and
 * `connectServer` starts it again to open with `initialize`. On HTTP the response body of a 4xx
 * decides, and silence is an outage.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Readable } from "node:stream";
import { asUpstream, type CallQuestions } from "./forwarded-answers.js";
import { listChangedHandlers, UpstreamEvents } from "./upstream-events.js";
import { answerQuestions } from "./answer-questions.js";
import {
  Client,
  ClientCredentialsProvider,
  getDefaultEnvironment,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SkillsClient,
  StdioClientTransport,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type JSONRPCMessage,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
  type Transport,
} from "./client-seam.js";
import type { McpSkill, McpSkillFile } from "./mcp-skill.js";
import { capabilitiesFor, type ClientAnswers } from "./client-answers.js";
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
import type { McpCallResult, McpTool, Progress, ToolCaller } from "./mcp-tool.js";
import type { ProtocolChoice, ProtocolEra } from "./protocol-era.js";
import { RequestDeadlines } from "./request-deadlines.js";
import { UrlSteps } from "./url-steps.js";
import { type CallAsTask, callToolAsTask } from "./task-call.js";
import type { RawRequests } from "./raw-requests.js";
import { traceClientRequest } from "../telemetry/client-telemetry.js";

export type {
  JSONRPCMessage,
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
  Transport,
};
/** The SDK's OAuth client for the client credentials grant (`client_secret_basic`), which `client-credentials-auth.ts` persists. */
export { ClientCredentialsProvider };

/** Longest wait for the `server/discover` probe on stdio before taking the server for a 2025 one. */
export const STDIO_PROBE_TIMEOUT_MS = 10_000;

/** How to start a stdio server. */
export interface StdioLaunch {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd?: string;
}

// The SDK runs its `server/discover` probe on a disposable sibling process, spawned from the same
// parameters and killed once it has answered, for its own StdioClientTransport class only: every
// connection would start the server twice. For a subclass it probes in place, on the one process.
class InPlaceProbeStdioTransport extends StdioClientTransport {}

/**
 * A transport that spawns the server on `start()`, with its stderr piped for the host to read.
 * The era probe runs on the process it spawns (see the module comment).
 */
export function createStdioTransport(launch: StdioLaunch): { transport: Transport; stderr: Readable } {
  const transport = new InPlaceProbeStdioTransport({ ...launch, args: [...launch.args], stderr: "pipe" });
  // With stderr "pipe" the SDK hands out a PassThrough at once, before the process exists.
  return { transport, stderr: transport.stderr as Readable };
}

/**
 * A Streamable HTTP transport to `url`; with `authProvider`, the SDK answers the server's 401
 * (and 403 insufficient_scope) by getting a token from the authorization server the server names.
 */
export function createHttpTransport(url: URL, headers: Record<string, string> = {}, authProvider?: OAuthClientProvider): Transport {
  return new StreamableHTTPClientTransport(url, { requestInit: { headers }, ...(authProvider ? { authProvider } : {}) });
}

/**
 * Whether a connect or request failed because the server wants a token the provider could not
 * get without a person: the SDK has sent them to the authorization server (`REDIRECT`). The SDK
 * may wrap it (its era probe does), so the causes are searched too.
 */
export function isUnauthorized(error: unknown): boolean {
  for (let depth = 0; depth < 4 && error !== null && typeof error === "object"; depth++) {
    if (error instanceof UnauthorizedError) return true;
    error = (error as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Completes a person's login: checks the authorization server's redirect (`error`, and `iss`
 * against the issuer recorded, RFC 9207) and exchanges its code, with the PKCE verifier
 * `provider` kept, for tokens it saves. The SDK's own `finishAuth`, on a transport used for nothing else.
 */
export async function finishAuthorization(url: URL, provider: OAuthClientProvider, callback: URLSearchParams): Promise<void> {
  await new StreamableHTTPClientTransport(url, { authProvider: provider }).finishAuth(callback);
}

/** The environment a host passes to a stdio server by default: PATH, HOME and the like, no secrets. */
export function defaultServerEnvironment(): Record<string, string> {
  return getDefaultEnvironment();
}

/** Who a server says it is (in `initialize`, or in the `_meta` of its `server/discover` answer). */
export interface ServerIdentity {
  name: string;
  version: string;
  title?: string;
}

/** A client connected to one server, in whichever era it negotiated. */
export interface ClientSession {
  readonly server: ServerIdentity | undefined;
  readonly era: ProtocolEra;
  /** The underlying client, to hand to a `ToolRouter`. */
  readonly caller: ToolCaller;
  /** Every tool, following `nextCursor` pages. */
  listTools(timeoutMs: number): Promise<McpTool[]>;
  /** Every resource and prompt, following pages; [] from a server without the capability. */
  listResources(timeoutMs: number): Promise<McpResource[]>;
  readResource(uri: string, timeoutMs: number): Promise<McpResourceContents[]>;
  /** Every resource template; [] from a server without the resources capability. */
  listResourceTemplates(timeoutMs: number): Promise<McpResourceTemplate[]>;
  listPrompts(timeoutMs: number): Promise<McpPrompt[]>;
  /** Whether the server declared the completions capability. */
  readonly completes: boolean;
  complete(
    ref: McpCompletionRef,
    argument: { name: string; value: string },
    timeoutMs: number,
    context?: { arguments?: Record<string, string> },
  ): Promise<McpCompletion>;
  getPrompt(name: string, args: Record<string, string>, timeoutMs: number): Promise<McpPromptResult>;
  /** Every skill (the Skills extension's `skills/list`, all pages); [] from a server without the extension. */
  listSkills(timeoutMs: number): Promise<McpSkill[]>;
  /**
   * Reads one file of `skill` (`ref`: a path inside it, default its `SKILL.md`) and checks it
   * against the entry (listed, size, digest, and for `SKILL.md` the frontmatter), as the SDK's
   * SkillsClient does; a file that fails is an error, never returned.
   */
  readSkill(skill: McpSkill, ref: string | undefined, timeoutMs: number): Promise<McpSkillFile>;
  /** Aborting `signal` cancels the request: the SDK sends `notifications/cancelled`. */
  callTool(name: string, args: Record<string, unknown>, timeoutMs: number, signal?: AbortSignal, listeners?: CallListeners): Promise<McpCallResult>;
  /**
   * Calls a tool as a task (a tool the server runs as one; any other answers at once), telling
   * `onStatus` each status it reports, and returns its result: see task-call.ts.
   */
  callToolAsTask: CallAsTask;
  /**
   * Sends `notifications/roots/list_changed` (2025-11-25), so the server asks `roots/list` again.
   * A 2026-07-28 server asks the roots inside each call that needs them, so it is told nothing.
   */
  notifyRootsChanged(): Promise<void>;
  /** The server's list changes (for a `proxy` session, or one given `onListChanged`) and resource updates, and its subscriptions. */
  readonly events: UpstreamEvents;
  close(): Promise<void>;
}

/** One log message (`notifications/message`) a server sent, as it sent it. */
export interface ServerLogMessage {
  level: string;
  logger?: string;
  data: unknown;
}

/** What a caller hears while its tools/call runs. */
export interface CallListeners extends CallQuestions {
  /** Each progress notification of this call (asked for with a progress token). */
  onprogress?: (progress: Progress) => void;
  /**
   * Each log message the server sends while this call is the only one in flight on the
   * connection: MCP ties no log message to a request, so with several in flight none can be
   * attributed, and they go to no caller.
   */
  onlog?: (message: ServerLogMessage) => void;
}

/** How `openClientSession` connects. */
export interface SessionOptions {
  clientName: string;
  clientVersion: string;
  timeoutMs: number;
  stdio: boolean;
  /** `auto` (the default) negotiates; a version pins the connection to that era. */
  protocol?: ProtocolChoice;
  /** What the host answers when the server asks; each one given is declared as a capability. */
  answers?: ClientAnswers;
  /** The server's name, for the answers' context; read when a question arrives. */
  serverName?: () => string;
  /** Told when the server says a list changed. */
  onListChanged?: (kind: McpListKind) => void;
  /** A gateway's upstream: the server's questions during a call go to that call's `onelicit`/`onsample`. */
  proxy?: boolean;
  /** Extensions the host supports, by identifier, declared as client capabilities (e.g. MCP Apps). */
  extensions?: Record<string, object>;
  /** Requests sent past the client on its connection, for `callToolAsTask`; without it, that call fails. */
  raw?: RawRequests;
}

// The 2026-07-28 envelope key that names the log level a request wants messages at.
const LOG_LEVEL_META = "io.modelcontextprotocol/logLevel";

// Longer than any --timeout: the SDK's own timer would run on while the user answers a question.
const NO_SDK_TIMEOUT_MS = 2_147_483_647;

/**
 * Connects a client over `transport`: 2026-07-28 first, 2025-11-25 where the server does not
 * speak it (see the module comment), unless `protocol` pins one.
 */
export async function openClientSession(transport: Transport, options: SessionOptions): Promise<ClientSession> {
  const protocol = options.protocol ?? "auto";
  // The calls in flight, each with its listeners: see CallListeners.onlog and onelicit.
  const inFlight = new Set<CallListeners>();
  // A question the server asks inside a call's own async chain (its HTTP response stream, its
  // input-required result) belongs to that call; else to the one call in flight, if only one is.
  const asking = new AsyncLocalStorage<CallListeners>();
  const callerOf = () => asking.getStore() ?? (inFlight.size === 1 ? [...inFlight][0] : undefined);
  const events = new UpstreamEvents();
  if (options.proxy) options = asUpstream(options, callerOf, events);
  const capabilities = { ...(options.answers && capabilitiesFor(options.answers)), ...(options.extensions && { extensions: options.extensions as never }) };
  const client = new Client(
    { name: options.clientName, version: options.clientVersion },
    {
      versionNegotiation: {
        mode: protocol === "auto" ? "auto" : protocol === "2025-11-25" ? "legacy" : { pin: protocol },
        // On HTTP a probe timeout is an outage and fails the connect, so it gets the full wait.
        probe: { timeoutMs: options.stdio ? Math.min(options.timeoutMs, STDIO_PROBE_TIMEOUT_MS) : options.timeoutMs },
      },
      ...((options.answers || options.extensions) && { capabilities }),
      ...(options.onListChanged && { listChanged: listChangedHandlers(options.onListChanged) }),
    },
  );
  // A log message goes to the one call in flight: see CallListeners.onlog.
  events.attach(client, () => (inFlight.size === 1 ? [...inFlight][0] : undefined));
  const deadlines = new RequestDeadlines();
  const serverName = options.serverName ?? (() => "server");
  const urlSteps = new UrlSteps(options.answers ?? {}, deadlines);
  if (options.answers) answerQuestions(client, options.answers, deadlines, serverName, urlSteps);
  await client.connect(transport, { timeout: options.timeoutMs });
  const info = client.getServerVersion();
  const protocolVersion = client.getNegotiatedProtocolVersion() ?? "unknown";
  const callToolOnce: ClientSession["callTool"] = async (name, args, timeoutMs, signal, listeners = {}) => {
    // The call's own limit, paused while the host answers the server's questions.
    const deadline = deadlines.start(timeoutMs, () => new SdkError(SdkErrorCode.RequestTimeout, "Request timed out", { timeout: timeoutMs }), signal);
    // 2026-07-28: a server sends a request log messages only at the level its envelope names;
    // the listener filters them by its own caller's level.
    const logLevel = listeners.onlog && client.getProtocolEra() === "modern" ? { [LOG_LEVEL_META]: "debug" } : undefined;
    inFlight.add(listeners);
    try {
      return (await traceClientRequest({ method: "tools/call", target: name, protocolVersion }, (meta) =>
        asking.run(listeners, () =>
          client.callTool(
            { name, arguments: args, ...((meta || logLevel) && { _meta: { ...meta, ...logLevel } }) },
            { timeout: NO_SDK_TIMEOUT_MS, signal: deadline.signal, ...(listeners.onprogress && { onprogress: listeners.onprogress }) },
          ),
        ),
      )) as McpCallResult;
    } finally {
      inFlight.delete(listeners);
      deadline.done();
    }
  };
  return {
    server: info && { name: info.name, version: info.version, ...(info.title === undefined ? {} : { title: info.title }) },
    era:
      client.getProtocolEra() === "modern"
        ? { name: "2026-07-28", kind: "stateless", protocolVersion }
        : { name: "2025-11-25", kind: "initialize", protocolVersion },
    // Traced as the session's own calls are: a ToolRouter's calls carry the trace context too.
    caller: {
      callTool: (params) =>
        traceClientRequest({ method: "tools/call", target: params.name, protocolVersion }, (meta) =>
          client.callTool(meta ? { ...params, _meta: { ...(params as { _meta?: object })._meta, ...meta } } : params),
        ),
    },
    async listTools(timeoutMs) {
      // The SDK answers [] for a server without the tools capability, but says so on stdout with
      // console.debug, which would corrupt `--json` output.
      if (!client.getServerCapabilities()?.tools) return [];
      const tools: McpTool[] = [];
      let cursor: string | undefined;
      do {
        const after = cursor;
        const page = await traceClientRequest({ method: "tools/list", protocolVersion }, (meta) =>
          client.listTools(
            after === undefined && meta === undefined ? undefined : { ...(after === undefined ? {} : { cursor: after }), ...(meta && { _meta: meta }) },
            {
              timeout: timeoutMs,
            },
          ),
        );
        tools.push(...(page.tools as McpTool[]));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return tools;
    },
    async listResources(timeoutMs) {
      if (!client.getServerCapabilities()?.resources) return [];
      return (await client.listResources(undefined, { timeout: timeoutMs })).resources as McpResource[];
    },
    async readResource(uri, timeoutMs) {
      return (await client.readResource({ uri }, { timeout: timeoutMs })).contents as McpResourceContents[];
    },
    async listResourceTemplates(timeoutMs) {
      if (!client.getServerCapabilities()?.resources) return [];
      return (await client.listResourceTemplates(undefined, { timeout: timeoutMs })).resourceTemplates as McpResourceTemplate[];
    },
    get completes() {
      return client.getServerCapabilities()?.completions !== undefined;
    },
    async complete(ref, argument, timeoutMs, context) {
      return (await client.complete({ ref, argument, ...(context && { context }) }, { timeout: timeoutMs })).completion;
    },
    async listSkills(timeoutMs) {
      const skills = new SkillsClient(client);
      if (!skills.supported) return [];
      return (await skills.list(undefined, { timeout: timeoutMs })).skills as McpSkill[];
    },
    async readSkill(skill, ref, timeoutMs) {
      const file = await new SkillsClient(client).read(skill as never, ref, { timeout: timeoutMs });
      return {
        uri: file.uri,
        ...(file.mimeType && { mimeType: file.mimeType }),
        ...(file.text !== undefined && { text: file.text }),
        size: file.bytes.length,
        verified: file.verified,
      };
    },
    async listPrompts(timeoutMs) {
      if (!client.getServerCapabilities()?.prompts) return [];
      return (await client.listPrompts(undefined, { timeout: timeoutMs })).prompts as McpPrompt[];
    },
    async getPrompt(name, args, timeoutMs) {
      return (await client.getPrompt({ name, arguments: args }, { timeout: timeoutMs })) as McpPromptResult;
    },
    callTool: (name, args, timeoutMs, signal, listeners = {}) =>
      urlSteps.call(() => callToolOnce(name, args, timeoutMs, signal, listeners), serverName(), timeoutMs, signal),
    callToolAsTask: (name, args, timeoutMs, onStatus, signal) =>
      callToolAsTask(options.raw, name, args, {
        timeoutMs,
        envelope:
          client.getProtocolEra() === "modern"
            ? { protocolVersion, clientInfo: { name: options.clientName, version: options.clientVersion }, capabilities }
            : undefined,
        ...{ onStatus, signal },
      }),
    async notifyRootsChanged() {
      if (client.getProtocolEra() !== "modern") await client.sendRootsListChanged();
    },
    events,
    close: () => events.close().then(() => client.close()),
  };
}

/** What kind of failure an error from the client is, in the host's terms. */
export type ClientFailure =
  | { kind: "timeout" }
  | { kind: "closed" }
  /** The server answered HTTP 401: it wants a token the host has no way to get (or was refused). */
  | { kind: "unauthorized" }
  /** The server answered with a JSON-RPC error. */
  | { kind: "rpc"; code: number }
  /** The SDK refused on the client side (era negotiation, an invalid result…). */
  | { kind: "client"; code: string };

/**
 * Whether a connect failed because the server closed the connection while the `server/discover`
 * probe awaited its answer: on stdio, a 2025-11-25 server that exits on any request before
 * `initialize`, as some SDKs' servers do. The SDK says so only in its message (an
 * `EraNegotiationFailed` error, in `auto` and pinned modes alike).
 */
export function closedDuringProbe(error: unknown): boolean {
  return (
    error instanceof SdkError &&
    error.code === SdkErrorCode.EraNegotiationFailed &&
    error.message.includes("the connection closed during the server/discover probe")
  );
}

/** Classifies an error the client raised for a request; undefined for anything else (spawn, network). */
export function classifyClientError(error: unknown): ClientFailure | undefined {
  if (error instanceof ProtocolError) return { kind: "rpc", code: error.code };
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.RequestTimeout) return { kind: "timeout" };
    if (error.code === SdkErrorCode.ConnectionClosed) return { kind: "closed" };
    if (error.code === SdkErrorCode.ClientHttpAuthentication) return { kind: "unauthorized" };
    return { kind: "client", code: error.code };
  }
  return undefined;
}
