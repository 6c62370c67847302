import type { McpCallResult } from "../mcp-tool.js";
import type { TokenUsage } from "../models/model-adapter.js";

/** Why a turn ended without an answer: limits, the user, the provider. */
export type TurnStop = "step-limit" | "invalid-limit" | "cancelled" | "length" | "safety" | "failed";

/** How the host judged one proposed call before anything ran. */
export type CallDecision =
  /** Passed every check and ran (or is running). */
  | "run"
  /** The meta-tool of `lazyTools`: the host answered it itself. */
  | "answered"
  /** No such tool. */
  | "unknown"
  /** The arguments do not fit the tool's `inputSchema`; not sent. */
  | "invalid"
  /** `--allow`/`--deny`, or consent not given. */
  | "refused";

/** What happened in a chat, as it happens: the transcript, one event at a time. */
export type ChatEvent =
  /** A request to the model is about to go out, with the size of the tool definitions it carries. */
  | { type: "request"; step: number; toolCount: number; toolBytes: number; toolTokens: number }
  /** A piece of the model's text as it streams in (`stream`); the whole text follows as a `text` event. */
  | { type: "delta"; step: number; text: string }
  /** The model's text in one turn: alongside calls, or (`final`) its answer. */
  | { type: "text"; step: number; text: string; final: boolean }
  /** The model proposed a call. `qualifiedName` is set when the name is known. */
  | { type: "call"; step: number; id: string; name: string; qualifiedName?: string; arguments: unknown }
  /** The host's decision on a call, and why (for anything but "run"). */
  | { type: "decision"; id: string; decision: CallDecision; reason?: string; by?: "policy" | "consent" | "schema" | "host" }
  /** What the model is told for a call: the tool's result, or the host's explanation. */
  | { type: "result"; id: string; isError: boolean; text: string; result?: McpCallResult }
  /** The model answered without proposing calls: the turn is over. */
  | { type: "answer"; text: string; steps: number }
  /** Tokens one model request took, as the provider reported them, with the turn's and the session's totals so far. */
  | { type: "usage"; step: number; inputTokens: number; outputTokens: number; turn: TokenUsage; total: TokenUsage }
  /**
   * The turn ended without a whole answer: a limit, the user (`cancelled`), an answer cut at the
   * output limit (`length`) or withheld (`safety`), or a provider that failed (`failed`; the
   * error is thrown after this event, and results already obtained stay in the conversation).
   */
  | { type: "stopped"; reason: TurnStop; message: string }
  /**
   * A server asked the host something while a call ran (elicitation, sampling), and what the host
   * answered (`result`) or why it could not (`error`). Reported by the host that answers, not by
   * the session itself.
   */
  | { type: "server-request"; server: string; method: "elicitation/create" | "sampling/createMessage"; params: unknown; result?: unknown; error?: string };

/** How a turn ended. */
export interface TurnOutcome {
  /** The model's answer, when it gave one. */
  readonly answer?: string;
  readonly stopped?: Exclude<TurnStop, "failed">;
  /** The text of an answer cut short (`length`), when the model wrote any. */
  readonly partial?: string;
  /** Model requests made in this turn. */
  readonly steps: number;
  /** Tokens this turn's requests took, as the provider reported them. */
  readonly usage?: TokenUsage;
}
