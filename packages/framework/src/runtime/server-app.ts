import type { WireTool } from "./sdk.js";
import { createProtocolServer, type ProtocolServer, type ServerCapabilities, type ServerInfo } from "./sdk.js";
import { BuildError } from "../errors/build-error.js";
import { collectMembers } from "./collect-members.js";
import { MemberRegistry } from "./member-registry.js";
import { registerHandlers, type Session } from "./protocol-handlers.js";
import { RegisteredPrompt, type WirePrompt } from "./registered-prompt.js";
import { RegisteredResource, type WireResource } from "./registered-resource.js";
import { RegisteredTool } from "./registered-tool.js";
import { DEFAULT_MAX_STRING_LENGTH, type InputLimits } from "./string-limits.js";
import type { EventBus, ServerEvent } from "../scale/redis-event-bus.js";

const LIST_CHANGED = {
  tools_list_changed: "notifications/tools/list_changed",
  resources_list_changed: "notifications/resources/list_changed",
  prompts_list_changed: "notifications/prompts/list_changed",
} as const;

const DUPLICATE = { tool: "DUPLICATE_TOOL_NAME", resource: "DUPLICATE_RESOURCE_URI", prompt: "DUPLICATE_PROMPT_NAME" } as const;

/**
 * Everything one server offers, shared by all its sessions: the registries of tools,
 * resources and prompts, and the sessions to tell when they change.
 */
export class ServerApp {
  readonly tools = new MemberRegistry<WireTool, RegisteredTool>();
  readonly resources = new MemberRegistry<WireResource, RegisteredResource>();
  readonly prompts = new MemberRegistry<WirePrompt, RegisteredPrompt>();
  private readonly sessions = new Set<Session>();
  /** Which class method serves each tool name, resource URI and prompt name, for collision errors. */
  private readonly origins = new Map<string, string>();

  /** Longest string a request may carry where no schema says otherwise. */
  readonly maxStringLength: number;

  constructor(
    readonly info: ServerInfo,
    limits: InputLimits = {},
  ) {
    this.maxStringLength = limits.maxStringLength ?? DEFAULT_MAX_STRING_LENGTH;
    this.tools.onChange = () => this.publish({ kind: "tools_list_changed" });
    this.resources.onChange = () => this.publish({ kind: "resources_list_changed" });
    this.prompts.onChange = () => this.publish({ kind: "prompts_list_changed" });
  }

  /** Where change events go: straight to this process's sessions, unless `useBus` shares them. */
  private publish: (event: ServerEvent) => void = (event) => this.deliver(event);

  /**
   * Sends change events through `bus` (shared by every instance of the server, e.g. over Redis)
   * and delivers whatever it carries, from any instance, to this process's sessions.
   */
  useBus(bus: EventBus<ServerEvent>): void {
    this.publish = (event) => bus.publish(event);
    bus.subscribe((event) => this.deliver(event));
  }

  /**
   * Adds every decorated method of `instance`. A tool or prompt name, or a resource URI, that
   * is already served (or used twice by `instance`) is an error naming both methods; nothing
   * of `instance` is added then.
   */
  add(instance: object): void {
    const found = collectMembers(instance);
    this.assertNoCollisions(instance, found);
    for (const { record, method } of found) {
      if (record.kind === "tool") {
        this.tools.add(new RegisteredTool(record.options.name ?? record.key, method, instance, record.generated!, record.options, this.maxStringLength));
      } else if (record.kind === "resource") {
        this.resources.add(new RegisteredResource(record.uri, method, instance, record.generated!, record.options));
      } else {
        this.prompts.add(new RegisteredPrompt(record.options.name ?? record.key, method, instance, record.generated!, record.options));
      }
    }
  }

  private assertNoCollisions(instance: object, found: ReturnType<typeof collectMembers>): void {
    const className = instance.constructor?.name || "(anonymous class)";
    const seen = new Map<string, string>();
    for (const { record } of found) {
      const served = record.kind === "resource" ? record.uri : (record.options.name ?? record.key);
      const key = `${record.kind}\0${served}`;
      const registry = record.kind === "tool" ? this.tools : record.kind === "resource" ? this.resources : this.prompts;
      const here = `${className}.${record.key}`;
      const earlier = seen.get(key) ?? (registry.has(served) ? (this.origins.get(key) ?? "a member already served") : undefined);
      if (earlier !== undefined) {
        const what = record.kind === "resource" ? "resource URI" : record.kind;
        throw new BuildError(DUPLICATE[record.kind], `${what} "${served}" is served twice: by ${earlier} and by ${here}. Rename one${record.kind === "resource" ? "'s URI" : ` with @${record.kind}({ name: "…" })`}.`);
      }
      seen.set(key, here);
    }
    for (const [key, origin] of seen) this.origins.set(key, origin);
  }

  /** A protocol server for one new session (one stdio connection, one HTTP session or request). */
  newSession(options: { stateless?: boolean } = {}): ProtocolServer {
    const capabilities = this.capabilities(options.stateless === true);
    const protocol = createProtocolServer(this.info, capabilities);
    const session = registerHandlers(this, protocol, capabilities, options.stateless === true);
    this.sessions.add(session);
    protocol.onclose = () => this.sessions.delete(session);
    return protocol;
  }

  /** Tells each session subscribed to `uri` that it changed (on every instance, given a shared bus). */
  resourceUpdated(uri: string): void {
    this.publish({ kind: "resource_updated", uri });
  }

  private deliver(event: ServerEvent): void {
    for (const session of this.sessions) {
      if (event.kind === "resource_updated") {
        if (session.subscriptions.has(event.uri)) void session.protocol.notify("notifications/resources/updated", { uri: event.uri }).catch(() => undefined);
      } else {
        void session.protocol.notify(LIST_CHANGED[event.kind]).catch(() => undefined);
      }
    }
  }

  // Without a session there is no stream to send a list change or a resource update on, so a
  // stateless server does not claim it can: a client would wait for notifications never sent.
  private capabilities(stateless: boolean): ServerCapabilities {
    const hasCompletions = this.resources.values().some((r) => r.options.complete || r.generated.completions) ||
      this.prompts.values().some((p) => p.options.complete || p.generated.completions);
    return {
      tools: stateless ? {} : { listChanged: true },
      logging: {},
      ...(this.resources.keys().length ? { resources: stateless ? {} : { subscribe: true, listChanged: true } } : {}),
      ...(this.prompts.keys().length ? { prompts: stateless ? {} : { listChanged: true } } : {}),
      ...(hasCompletions ? { completions: {} } : {}),
    };
  }
}
