import { tool, type TypemcpServer } from "typemcp";

/**
 * The hooks the suite's server-stateless scenario calls to make the server change its lists at
 * run time, so it can watch the change reach a `subscriptions/listen` stream. Each hides a
 * member and serves it again at once: two `list_changed` notifications, the lists as before.
 */
export class ListChangeTriggers {
  constructor(private readonly server: TypemcpServer) {}

  /** Changes the tool list (test_simple_text goes and comes back). */
  @tool({ name: "test_trigger_tool_change" })
  triggerToolChange(): string {
    this.server.tools.disable("test_simple_text");
    this.server.tools.enable("test_simple_text");
    return "tool list changed";
  }

  /** Changes the prompt list (test_simple_prompt goes and comes back). */
  @tool({ name: "test_trigger_prompt_change" })
  triggerPromptChange(): string {
    this.server.prompts.disable("test_simple_prompt");
    this.server.prompts.enable("test_simple_prompt");
    return "prompt list changed";
  }
}
