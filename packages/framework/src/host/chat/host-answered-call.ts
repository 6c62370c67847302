import type { McpCallResult } from "../mcp-tool.js";
import type { ProposedCall, ToolResultMessage } from "../models/model-adapter.js";
import type { RoutedCall } from "../tool-router.js";
import type { ChatEvent } from "./chat-events.js";

/** What the model is told for one call, and the MCP result when the call ran. */
export interface CheckedOutcome {
  readonly isError: boolean;
  readonly text: string;
  readonly result?: McpCallResult;
}

/**
 * What the session lends the tools it answers itself (lazy tools, code mode, resources): the
 * transcript, and the checks every call to a server passes.
 */
export interface HostAnsweredCall {
  readonly call: ProposedCall;
  readonly step: number;
  readonly signal: AbortSignal | undefined;
  emit(event: ChatEvent): void;
  /** Emits the `result` event and returns what the model reads. */
  reply(isError: boolean, content: string): ToolResultMessage;
  /** Policy, the input schema, consent, then the call; emits the decision and the result. */
  runChecked(routed: RoutedCall, id: string): Promise<CheckedOutcome>;
}
