/**
 * The words typemcp's runtime speaks about the protocol, whichever SDK serves it: the eras, what a
 * server says it is and can do, the methods it answers, and the endpoint (`ProtocolServer`) that
 * answers them with what a handler sees of its request (`RequestExtra`).
 */
import type { CallToolResult, EventStore, JSONRPCMessage, ServerEventBus, Tool, Transport } from "@modelcontextprotocol/server";
import type { AuthInfo } from "../identity/auth-info.js";
import type { CallerIdentity } from "../identity/caller-identity.js";
import type { ClientRequestMethod, InputRound } from "../rounds/input-round.js";

export type { CallToolResult, EventStore, JSONRPCMessage, ServerEventBus, Tool as WireTool, Transport };

/**
 * The protocol eras typemcp serves, each named by the revision that defines it: 2025-11-25 (and the
 * revisions before it: `initialize`, sessions) and 2026-07-28 (stateless: no `initialize`, the version
 * and capabilities in `_meta` on every request). A later era is named by its revision too.
 */
export type Era = "2025-11-25" | "2026-07-28";

/** Who the server says it is (`initialize` result, `server/discover`, `_meta` of 2026 results). */
export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
  /** Shown to the host as the server's `instructions`: how to use its tools together. */
  instructions?: string;
}

/** What a server declares it can do. */
export interface ServerCapabilities {
  tools?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  prompts?: { listChanged?: boolean };
  logging?: Record<string, never>;
  completions?: Record<string, never>;
  /** 2025-11-25 experimental tasks: which requests may run as tasks, and `tasks/list`/`tasks/cancel`. */
  tasks?: { list?: Record<string, never>; cancel?: Record<string, never>; requests?: { tools?: { call?: Record<string, never> } } };
  /** Extensions the server supports, by identifier, with their settings (the Tasks extension, Skills' `directoryRead`). */
  extensions?: Record<string, Record<string, boolean>>;
}

/** The Tasks extension's identifier (2026-07-28), in `capabilities.extensions` of both sides. */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** The MCP Apps extension's identifier (views for tools), in `capabilities.extensions` of both sides. */
export const UI_EXTENSION = "io.modelcontextprotocol/ui";

/** A request method typemcp answers. */
export type RequestMethod =
  | "tools/list"
  | "tools/call"
  | "resources/list"
  | "resources/templates/list"
  | "resources/read"
  | "resources/subscribe"
  | "resources/unsubscribe"
  | "prompts/list"
  | "prompts/get"
  | "completion/complete"
  | "logging/setLevel"
  // 2025-11-25 experimental tasks.
  | "tasks/get"
  | "tasks/result"
  | "tasks/list"
  | "tasks/cancel";

/**
 * A method an extension defines, which the SDK knows no schema for in the era it serves: the
 * Tasks extension's (2026-07-28), the Skills extension's (both eras).
 */
export type ExtensionMethod = "tasks/get" | "tasks/update" | "tasks/cancel" | "skills/list" | "skills/get" | "resources/directory/read";

/**
 * What a `tools/call` handler returns to answer with a task handle (`CreateTaskResult`) instead
 * of a tool result: the SDK's own check of `tools/call` results knows only tool results, so the
 * handle leaves that check by an exit of its own (see `SdkServer._wrapHandler` in sdk-server.ts).
 */
export class TaskHandle {
  constructor(readonly result: Record<string, unknown>) {}
}

export type { ClientRequestMethod } from "../rounds/input-round.js";

/** What a handler knows about the request it serves, and how it talks back. */
export interface RequestExtra {
  readonly signal: AbortSignal;
  readonly requestId: string | number;
  readonly sessionId: string | undefined;
  /** The era of the request: 2025-11-25 or 2026-07-28. */
  readonly era: Era;
  /** The client's progress token, when it asked for progress. */
  readonly progressToken: string | number | undefined;
  /** The request's `params._meta` (trace context, progress token, the 2026 envelope), as sent. */
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  /** Set while an OpenTelemetry SDK is registered and request middleware runs: runs the tool, prompt or resource method in a span of its own (the gap between the two spans is the middleware's). */
  execute?: <T>(run: () => Promise<T>) => Promise<T>;
  /** Set while the request is traced: its span's context (an OpenTelemetry `Context`), the parent of the spans made inside it, with or without a context manager. */
  traceContext?: unknown;
  /** What the client declared it can do: from `initialize` (2025) or the request's own envelope (2026). */
  readonly clientCapabilities: ClientCapabilities | undefined;
  /** 2026-07-28: the lowest log level the request wants (`_meta`); none means no log messages. */
  readonly logLevel: "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency" | undefined;
  /** 2026-07-28: this round's questions and the answers known so far (verified through `requestState`). */
  readonly input: InputRound | undefined;
  /** 2026-07-28: the answers the request carries (`inputResponses`, which the SDK lifts out of its params). */
  readonly inputResponses: Readonly<Record<string, unknown>> | undefined;
  /** Who the request's verified bearer token speaks for (HTTP with `http.auth`); undefined otherwise. */
  readonly auth: AuthInfo | undefined;
  /** Who is calling: the one key of everything kept or counted per caller (see `CallerIdentity`). */
  readonly caller: CallerIdentity;
  /** Sends a notification tied to this request (on its stream, over HTTP). */
  notify(method: string, params: Record<string, unknown>): Promise<void>;
  /** 2025-11-25: sends a request to the client tied to this request, and waits for its validated result. */
  request(method: ClientRequestMethod, params: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** What a client declared it can do, as far as typemcp reads it. */
export interface ClientCapabilities {
  sampling?: unknown;
  elicitation?: unknown;
  roots?: unknown;
  /** Extensions the client supports, by identifier (e.g. MCP Apps, `UI_EXTENSION`). */
  extensions?: Record<string, unknown>;
}

/** Answers one request; what it throws becomes a JSON-RPC error. */
export type RequestHandler = (params: Record<string, any>, extra: RequestExtra) => unknown;

/** One protocol endpoint (one stdio connection, one HTTP session or request): handlers in, notifications out. */
export interface ProtocolServer {
  readonly era: Era;
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
  /** Answers `method` with `handler`. */
  handle(method: RequestMethod, handler: RequestHandler): void;
  /** Answers an extension's `method`, whose params `check` describes in words (undefined when they are fine). */
  handleExtension(method: ExtensionMethod, check: (params: Record<string, unknown>) => string | undefined, handler: RequestHandler): void;
  /** Sends a notification outside any request (list changes, resource updates). */
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  /** What the connected client declared it can do (2025: at initialize). */
  clientCapabilities(): ClientCapabilities | undefined;
  /** The HTTP session this endpoint serves (2025-11-25 over HTTP), once its transport has one. */
  sessionId(): string | undefined;
  /** Called once the connection is gone. */
  onclose: (() => void) | undefined;
}

/** Makes the protocol endpoint that serves one connection (stdio), session or request (HTTP) of `era`. */
export type ProtocolServerFactory = (era: Era) => ProtocolServer;
