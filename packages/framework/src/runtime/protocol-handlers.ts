import { ProtocolError } from "../errors/protocol-error.js";
import type { Context, LogLevel, ResourceContents } from "./context.js";
import type { MemberRegistry } from "./member-registry.js";
import type { RegisteredPrompt, WirePrompt } from "./registered-prompt.js";
import type { RegisteredResource, WireResource } from "./registered-resource.js";
import type { RegisteredTool } from "./registered-tool.js";
import type { ProtocolServer, RequestExtra, ServerCapabilities, ServerInfo, WireTool } from "./sdk.js";
import { RequestContext, type SessionState } from "./request-context.js";
import { resolveCompletions } from "./resolve-completions.js";

/** What the handlers answer from: the server's identity and its registries. */
export interface ServedMembers {
  readonly info: ServerInfo;
  readonly tools: MemberRegistry<WireTool, RegisteredTool>;
  readonly resources: MemberRegistry<WireResource, RegisteredResource>;
  readonly prompts: MemberRegistry<WirePrompt, RegisteredPrompt>;
}

/** One connected session's state. */
export interface Session {
  readonly protocol: ProtocolServer;
  readonly subscriptions: Set<string>;
  readonly state: SessionState;
}

/**
 * Answers every MCP request typemcp serves, for one session, from `app`'s registries. Only the
 * declared capabilities get handlers: the SDK refuses a handler for an undeclared one.
 */
export function registerHandlers(app: ServedMembers, protocol: ProtocolServer, capabilities: ServerCapabilities): Session {
  const state: SessionState = {
    logLevel: undefined,
    logger: app.info.name,
    readResource: (uri, ctx) => readResource(app, uri, ctx),
    clientCapabilities: () => protocol.clientCapabilities(),
  };
  const session: Session = { protocol, subscriptions: new Set(), state };
  const context = (extra: RequestExtra) => new RequestContext(extra, state);

  protocol.handle("tools/list", () => ({ tools: app.tools.list() }));
  protocol.handle("tools/call", (params, extra) => {
    const tool = app.tools.get(params.name);
    if (!tool) {
      throw new ProtocolError("UNKNOWN_TOOL", `Unknown tool: "${params.name}". Available tools: ${app.tools.values().map((t) => t.name).join(", ") || "none"}.`);
    }
    return tool.call(params.arguments, () => context(extra));
  });

  if (capabilities.resources) registerResourceHandlers(app, protocol, session, context);
  if (capabilities.prompts) registerPromptHandlers(app, protocol, context);
  if (capabilities.completions) protocol.handle("completion/complete", async (params) => ({ completion: await complete(app, params) }));
  protocol.handle("logging/setLevel", (params) => {
    state.logLevel = params.level as LogLevel;
    return {};
  });
  return session;
}

type ContextFor = (extra: RequestExtra) => Context;

function registerResourceHandlers(app: ServedMembers, protocol: ProtocolServer, session: Session, context: ContextFor): void {
  protocol.handle("resources/list", () => ({ resources: app.resources.list().filter((r) => "uri" in r) }));
  protocol.handle("resources/templates/list", () => ({ resourceTemplates: app.resources.list().filter((r) => "uriTemplate" in r) }));
  protocol.handle("resources/read", async (params, extra) => ({ contents: await readResource(app, params.uri, context(extra)) }));
  protocol.handle("resources/subscribe", (params) => {
    session.subscriptions.add(params.uri);
    return {};
  });
  protocol.handle("resources/unsubscribe", (params) => {
    session.subscriptions.delete(params.uri);
    return {};
  });

}

function registerPromptHandlers(app: ServedMembers, protocol: ProtocolServer, context: ContextFor): void {
  protocol.handle("prompts/list", () => ({ prompts: app.prompts.list() }));
  protocol.handle("prompts/get", (params, extra) => {
    const prompt = app.prompts.get(params.name);
    if (!prompt) {
      throw new ProtocolError("UNKNOWN_PROMPT", `Unknown prompt: "${params.name}". Available prompts: ${app.prompts.keys().join(", ") || "none"}.`);
    }
    return prompt.get(params.arguments ?? {}, context(extra));
  });
}

async function readResource(app: ServedMembers, uri: string, ctx: Context): Promise<ResourceContents[]> {
  const exact = app.resources.get(uri);
  if (exact && !exact.template) return exact.read(uri, {}, ctx);
  for (const resource of app.resources.values()) {
    const variables = resource.template?.match(uri);
    if (variables) return resource.read(uri, variables, ctx);
  }
  throw new ProtocolError("RESOURCE_NOT_FOUND", `Resource not found: "${uri}".`);
}

async function complete(app: ServedMembers, params: Record<string, any>) {
  const ref = params.ref as { type: string; name?: string; uri?: string };
  const argument = params.argument as { name: string; value: string };
  if (ref.type === "ref/prompt") {
    const prompt = app.prompts.get(ref.name ?? "");
    if (!prompt) throw new ProtocolError("UNKNOWN_PROMPT", `Unknown prompt: "${ref.name}".`);
    return resolveCompletions(argument.value, prompt.completionSource(argument.name), prompt.generated.completions?.[argument.name], prompt.instance);
  }
  const resource = app.resources.get(ref.uri ?? "");
  if (!resource) throw new ProtocolError("RESOURCE_NOT_FOUND", `Resource template not found: "${ref.uri}".`);
  return resolveCompletions(argument.value, resource.completionSource(argument.name), resource.generated.completions?.[argument.name], resource.instance);
}
