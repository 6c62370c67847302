import { BuildError } from "../errors/build-error.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { getToolRecord } from "../decorators/tool-records.js";
import { RegisteredTool } from "./registered-tool.js";
import type { CallToolResult, WireTool } from "./sdk.js";

/** The tools one server offers, in declaration order: add, get, list, call. */
export class ToolRegistry {
  private readonly tools = new Map<string, RegisteredTool>();
  private wireList: readonly WireTool[] | undefined;

  /** Every `@tool` method of `instance`, base classes first, each in declaration order. */
  static fromInstance(instance: object): ToolRegistry {
    const registry = new ToolRegistry();
    for (const proto of prototypeChain(instance)) {
      for (const key of Object.getOwnPropertyNames(proto)) {
        const method = Object.getOwnPropertyDescriptor(proto, key)?.value;
        const record = getToolRecord(method);
        if (!record) continue;
        const className = proto.constructor?.name ?? "class";
        if (!record.generated) {
          throw new BuildError(
            "NOT_BUILT",
            `${className}.${record.key} is marked @tool() but carries no definition: compile this server with \`typemcp build\`, not plain tsc.`,
          );
        }
        const name = record.options.name ?? record.key;
        // A subclass may override a tool method; the most derived one wins, in the base's place.
        registry.add(new RegisteredTool(name, instance[key as keyof typeof instance] as Function, instance, record.generated, record.options));
      }
    }
    return registry;
  }

  /** Adds `tool`, replacing one of the same name. */
  add(tool: RegisteredTool): void {
    this.tools.set(tool.name, tool);
    this.wireList = undefined;
  }

  /** The tool called `name`, if any. */
  get(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
  }

  /** What `tools/list` answers; the same array until the registry changes. */
  list(): readonly WireTool[] {
    this.wireList ??= [...this.tools.values()].map((tool) => tool.wire);
    return this.wireList;
  }

  /** Calls the tool `name`; an unknown name is a protocol error naming the tools there are. */
  call(name: string, args: Record<string, unknown> | undefined): Promise<CallToolResult> {
    const tool = this.tools.get(name);
    if (!tool) {
      const known = [...this.tools.keys()].join(", ") || "none";
      throw new ProtocolError("UNKNOWN_TOOL", `Unknown tool: "${name}". Available tools: ${known}.`);
    }
    return tool.call(args);
  }
}

function prototypeChain(instance: object): object[] {
  const chain: object[] = [];
  for (let proto = Object.getPrototypeOf(instance); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    chain.unshift(proto);
  }
  return chain;
}
