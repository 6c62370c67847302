import { someNames } from "./validation/some-names.js";
import { ProtocolError } from "../errors/protocol-error.js";
import type { Context, LogLevel, ResourceContents } from "./context.js";
import type { ComponentRegistry } from "./components/component-registry.js";
import type { RegisteredPrompt, WirePrompt } from "./components/registered-prompt.js";
import type { RegisteredResource, WireResource } from "./components/registered-resource.js";
import type { RegisteredTool } from "./components/registered-tool.js";
import type { Era, ProtocolServer, RequestExtra, ServerCapabilities, ServerInfo, WireTool } from "./sdk/sdk.js";
import { ToolChainCall } from "./middleware/request-call.js";
import { RequestContext, type SessionState } from "./calls/request-context.js";
import { callAsTask, registerTaskHandlers2025, registerTaskHandlers2026 } from "./tasks/task-handlers.js";
import type { TaskRunner } from "./tasks/task-runner.js";
import { isPermitted, type Scoped } from "./identity/scope-check.js";
import type { Middleware } from "./middleware/middleware.js";
import { runToolChain } from "./middleware/run-middleware.js";
import { KeptLists } from "./calls/kept-lists.js";
import { readView, takesViews, viewResources, withoutViewMeta, withViewMeta } from "./components/tool-views.js";
import { traceExecution } from "./middleware/trace-request.js";
import { withRequestMiddleware } from "./middleware/with-request-middleware.js";
import { registerSkillHandlers, type SkillsOfServer } from "./skills/skill-handlers.js";

/** What the handlers answer from: the server's identity and its registries. */
export interface ServedComponents extends SkillsOfServer {
  readonly info: ServerInfo;
  readonly tools: ComponentRegistry<WireTool, RegisteredTool>;
  readonly resources: ComponentRegistry<WireResource, RegisteredResource>;
  readonly prompts: ComponentRegistry<WirePrompt, RegisteredPrompt>;
  /** Longest string a request may carry where no schema says otherwise. */
  readonly maxStringLength: number;
  /** Runs the tools that run as tasks; undefined while no tool does. */
  readonly tasks: TaskRunner | undefined;
  /** Server-wide middleware with an `onRequest` hook, outermost first; usually none. */
  readonly requestMiddleware: readonly Middleware[];
  /** Whether it serves skills (the Skills extension's methods are answered then). */
  hasSkills(): boolean;
  /** The 2026-07-28 cache fields (`ttlMs`, `cacheScope`) for a list of `kind`; none for 2025. */
  cacheHint(kind: "tools" | "resources" | "prompts", era: Era): { ttlMs?: number; cacheScope?: "public" | "private" };
}

/** One connected session's state. */
export interface Session {
  readonly protocol: ProtocolServer;
  /** The resource URIs it subscribed to; made on its first subscription. */
  subscriptions: Set<string> | undefined;
  readonly state: SessionState;
}

/** The state of a new session of `app` served by `served` (its handlers are registered apart, by `registerHandlers`). */
export function sessionOf(app: ServedComponents, served: ProtocolServer, stateless: boolean): Session {
  const state: SessionState = { stateless, logLevel: undefined, logger: app.info.name, readResource: resourceReaderOf(app) };
  return { protocol: served, subscriptions: undefined, state };
}

// One identity per request (see CallerIdentity): tasks, answers and middleware all key by it.
const ownerOf = (extra: RequestExtra) => extra.caller.key;

/**
 * Answers every MCP request typemcp serves, for `session`, from `app`'s registries. Only the
 * declared capabilities get handlers: the SDK refuses a handler for an undeclared one.
 */
export function registerHandlers(app: ServedComponents, capabilities: ServerCapabilities, session: Session): void {
  const { state } = session;
  const stateless = state.stateless === true;
  const served = session.protocol;
  const context = (extra: RequestExtra) => new RequestContext(extra, state);
  const protocol = withRequestMiddleware(served, app.requestMiddleware, context);

  protocol.handle("tools/list", (params, extra) => {
    refuseCursor("tools/list", params);
    const views = takesViews(extra, stateless);
    const answer = () => {
      const tools = visible(app.tools, extra);
      return {
        tools: views ? withViewMeta(app.info.name, tools, (name) => app.tools.get(name)) : withoutViewMeta(tools),
        ...app.cacheHint("tools", extra.era),
      };
    };
    // A request middleware may change the answer it is handed, so only an unwatched list is kept.
    if (app.requestMiddleware.length > 0) return answer();
    return keptToolLists(app).answer(app.tools.list(), extra.era, extra.auth, views, answer);
  });
  // No async function: a plain call's promise is the tool's own, not one more adopting it (each
  // promise also costs a context manager's hooks when an OpenTelemetry SDK is registered).
  protocol.handle("tools/call", (params, extra) => {
    const tool = permitted(app.tools.get(params.name), extra);
    if (!tool) {
      throw new ProtocolError(
        "UNKNOWN_TOOL",
        `Unknown tool: "${clip(String(params.name))}". Available tools: ${someNames(
          app.tools
            .values()
            .filter((t) => isPermitted(t, extra.auth))
            .map((t) => t.name),
        )}.`,
      );
    }
    if (!app.tasks) return callTool(tool, params, extra, context);
    return callAsTask(app.tasks, tool, params, extra, () => context(extra), ownerOf(extra)).then((task) => task || callTool(tool, params, extra, context));
  });
  if (app.tasks) (protocol.era === "2026-07-28" ? registerTaskHandlers2026 : registerTaskHandlers2025)(protocol, app.tasks, ownerOf);

  if (capabilities.resources) registerResourceHandlers(app, protocol, session, context, capabilities.resources.subscribe === true);
  if (capabilities.prompts) registerPromptHandlers(app, protocol, context);
  if (app.hasSkills()) registerSkillHandlers(app, served);
  if (capabilities.completions) {
    protocol.handle("completion/complete", async (params, extra) => {
      refuseOverlong(app, "completion/complete", "argument.value", (params.argument as { value?: unknown } | undefined)?.value);
      return { completion: await complete(app, params, extra) };
    });
  }
  protocol.handle("logging/setLevel", (params) => {
    state.logLevel = params.level as LogLevel;
    return {};
  });
}

// One reader of resources for every session of a server.
const resourceReaders = new WeakMap<ServedComponents, SessionState["readResource"]>();
function resourceReaderOf(app: ServedComponents): SessionState["readResource"] {
  let reader = resourceReaders.get(app);
  if (reader === undefined) {
    reader = (uri, ctx) => readResource(app, uri, ctx);
    resourceReaders.set(app, reader);
  }
  return reader;
}

type ContextFor = (extra: RequestExtra) => Context;

// One kept tools/list answer per view for every session and lane of a server.
const keptLists = new WeakMap<ServedComponents["tools"], KeptLists>();
function keptToolLists(app: ServedComponents): KeptLists {
  let kept = keptLists.get(app.tools);
  if (kept === undefined) {
    kept = new KeptLists(() => app.tools.values().some((tool) => tool.scopes.length > 0));
    keptLists.set(app.tools, kept);
  }
  return kept;
}

// A tool's call, inside its own middleware if it has any.
function callTool(tool: RegisteredTool, params: Record<string, any>, extra: RequestExtra, context: ContextFor): Promise<unknown> {
  if (tool.middleware.length === 0) return executed(extra, () => tool.call(params.arguments, () => context(extra)));
  // The context is made once, when the middleware or the tool first reads it.
  const call = new ToolChainCall(tool.name, params.arguments, tool.wire.annotations, extra.caller, extra, context);
  // The tool's own middleware runs between the request span and the execution span, so the
  // execution span is made here too when no request middleware already offers one.
  const run = () => tool.call(params.arguments, call.context);
  return runToolChain(tool.middleware, call, () => (extra.execute ? extra.execute(run) : traceExecution("tools/call", params, run, extra.traceContext)));
}

// The method's own run, in an execution span while an OpenTelemetry SDK is registered.
function executed<T>(extra: RequestExtra, run: () => Promise<T>): Promise<T> {
  return extra.execute ? extra.execute(run) : run();
}

function registerResourceHandlers(app: ServedComponents, protocol: ProtocolServer, session: Session, context: ContextFor, subscribe: boolean): void {
  protocol.handle("resources/list", async (params, extra) => {
    refuseCursor("resources/list", params);
    const resources = visible(app.resources, extra).filter((r) => "uri" in r);
    const views = takesViews(extra, session.state.stateless) ? viewResources(app.info.name, visibleTools(app, extra)) : [];
    const skills = app.hasSkills() ? ((await app.skills())?.listed() ?? []) : [];
    return { resources: [...resources, ...views, ...skills], ...app.cacheHint("resources", extra.era) };
  });
  protocol.handle("resources/templates/list", (params, extra) => {
    refuseCursor("resources/templates/list", params);
    return { resourceTemplates: visible(app.resources, extra).filter((r) => "uriTemplate" in r), ...app.cacheHint("resources", extra.era) };
  });
  protocol.handle("resources/read", async (params, extra) => {
    refuseOverlong(app, "resources/read", "uri", params.uri);
    const view = takesViews(extra, session.state.stateless) ? readView(app.info.name, visibleTools(app, extra), params.uri) : undefined;
    if (view) return { contents: [view] };
    const skillFile = app.hasSkills() ? (await app.skills())?.read(params.uri) : undefined;
    if (skillFile) return { contents: [skillFile] };
    if (!permitted(findResource(app, params.uri)?.resource, extra)) throw new ProtocolError("RESOURCE_NOT_FOUND", `Resource not found: "${clip(params.uri)}".`);
    return { contents: await executed(extra, () => readResource(app, params.uri, context(extra))) };
  });
  // Not declared (stateless HTTP): no handler, so a client that tries anyway gets -32601.
  if (!subscribe) return;
  protocol.handle("resources/subscribe", async (params) => {
    refuseOverlong(app, "resources/subscribe", "uri", params.uri);
    // A subscription to a URI this server does not serve could never fire: say so now.
    const found = findResource(app, params.uri);
    if (!found)
      throw new ProtocolError(
        "RESOURCE_NOT_FOUND",
        `Resource not found: "${clip(params.uri)}"; subscribe to a URI from resources/list or one matching a template.`,
      );
    // Bounded: a session cannot grow its subscription set past what the server serves by much.
    const subscriptions = (session.subscriptions ??= new Set());
    if (subscriptions.size >= MAX_SUBSCRIPTIONS && !subscriptions.has(params.uri)) {
      throw new ProtocolError("INVALID_PARAMS", `Too many subscriptions: a session may hold at most ${MAX_SUBSCRIPTIONS}; unsubscribe from some first.`);
    }
    await found.resource.subscribe(params.uri);
    subscriptions.add(params.uri);
    return {};
  });
  protocol.handle("resources/unsubscribe", (params) => {
    session.subscriptions?.delete(params.uri);
    return {};
  });
}

function registerPromptHandlers(app: ServedComponents, protocol: ProtocolServer, context: ContextFor): void {
  protocol.handle("prompts/list", (params, extra) => {
    refuseCursor("prompts/list", params);
    return { prompts: visible(app.prompts, extra), ...app.cacheHint("prompts", extra.era) };
  });
  protocol.handle("prompts/get", (params, extra) => {
    for (const [name, value] of Object.entries((params.arguments ?? {}) as Record<string, unknown>)) {
      refuseOverlong(app, "prompts/get", `arguments.${name.slice(0, 60)}`, value);
      refuseOverlong(app, "prompts/get", "an argument name", name);
    }
    const prompt = permitted(app.prompts.get(params.name), extra);
    if (!prompt) {
      throw new ProtocolError(
        "UNKNOWN_PROMPT",
        `Unknown prompt: "${clip(String(params.name))}". Available prompts: ${app.prompts.keys().join(", ") || "none"}.`,
      );
    }
    return executed(extra, () => prompt.get(params.arguments ?? {}, context(extra)));
  });
}

// A caller sees, and may use, only what its token's scopes allow (`scopes` on the decorator).
// Most servers declare no scopes: the shared, cached list then serves every caller.
function visible<W, M extends Scoped & { readonly key: string; readonly wire: W }>(registry: ComponentRegistry<W, M>, extra: RequestExtra): readonly W[] {
  const all = registry.values();
  if (extra.auth === undefined || all.every((m) => m.scopes.length === 0)) return registry.list();
  return all.filter((m) => isPermitted(m, extra.auth)).map((m) => m.wire);
}

// A view is as visible as its tool.
function visibleTools(app: ServedComponents, extra: RequestExtra): RegisteredTool[] {
  return app.tools.values().filter((t) => isPermitted(t, extra.auth));
}

// The HTTP layer answers a call lacking scopes with 403 before it gets here; past it (another
// transport handing over an AuthInfo), what the caller may not use is treated as not there.
function permitted<M extends Scoped>(item: M | undefined, extra: RequestExtra): M | undefined {
  return item && isPermitted(item, extra.auth) ? item : undefined;
}

/** Most resource subscriptions one session may hold. */
const MAX_SUBSCRIPTIONS = 1_000;

async function readResource(app: ServedComponents, uri: string, ctx: Context): Promise<ResourceContents[]> {
  const found = findResource(app, uri);
  if (found) return found.resource.read(uri, found.variables, ctx);
  throw new ProtocolError("RESOURCE_NOT_FOUND", `Resource not found: "${clip(uri)}".`);
}

/** The resource that serves `uri` (exact, else the first template matching it), with the template's variables. */
export function findResource(app: Pick<ServedComponents, "resources">, uri: string) {
  const exact = app.resources.get(uri);
  if (exact && !exact.template) return { resource: exact, variables: {} };
  for (const resource of app.resources.values()) {
    const variables = resource.template?.match(uri);
    if (variables) return { resource, variables };
  }
  return undefined;
}

// typemcp never pages its lists, so a cursor can only be one it did not issue: the spec's
// answer to an invalid cursor is -32602, not a silent first page.
function refuseCursor(method: string, params: Record<string, unknown>): void {
  if (params.cursor === undefined) return;
  throw new ProtocolError(
    "INVALID_PARAMS",
    `Invalid cursor for ${method}: this server returns every item in one page and issued no cursor; call ${method} without one.`,
  );
}

function refuseOverlong(app: ServedComponents, method: string, what: string, value: unknown): void {
  if (typeof value !== "string" || value.length <= app.maxStringLength) return;
  throw new ProtocolError(
    "INVALID_PARAMS",
    `Invalid params for "${method}": ${what} is ${value.length} characters long; at most ${app.maxStringLength} are accepted.`,
  );
}

/** A request's string as quoted back in an error: never more than 200 characters. */
export function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text;
}

// Candidates of a prompt or resource the caller may not use would tell it what that one holds.
async function complete(app: ServedComponents, params: Record<string, any>, extra: RequestExtra) {
  const ref = params.ref as { type: string; name?: string; uri?: string };
  const argument = params.argument as { name: string; value: string };
  if (ref.type === "ref/prompt") {
    const prompt = permitted(app.prompts.get(ref.name ?? ""), extra);
    if (!prompt) throw new ProtocolError("UNKNOWN_PROMPT", `Unknown prompt: "${clip(String(ref.name))}".`);
    return prompt.complete(argument.name, argument.value, params.context);
  }
  const resource = permitted(app.resources.get(ref.uri ?? ""), extra);
  if (!resource) throw new ProtocolError("RESOURCE_NOT_FOUND", `Resource template not found: "${clip(String(ref.uri))}".`);
  return resource.complete(argument.name, argument.value, params.context);
}
