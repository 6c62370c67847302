import type { ModelTurn, ProposedCall, TokenUsage } from "./model-adapter.js";

/** A turn's parts as an adapter read them from its provider's answer; what the provider left out is undefined. */
export interface TurnParts {
  readonly text: string;
  readonly calls: readonly ProposedCall[];
  readonly stopReason: string | null | undefined;
  readonly incomplete: "length" | "safety" | undefined;
  readonly usage: TokenUsage | undefined;
  readonly raw?: unknown;
}

/** The `ModelTurn` of an adapter's reading, without the fields its provider did not fill. */
export function toModelTurn(parts: TurnParts): ModelTurn {
  return {
    text: parts.text,
    calls: parts.calls,
    ...(parts.stopReason && { stopReason: parts.stopReason }),
    ...(parts.incomplete && { incomplete: parts.incomplete }),
    ...(parts.usage && { usage: parts.usage }),
    ...(parts.raw !== undefined && { raw: parts.raw }),
  };
}
