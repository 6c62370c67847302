import type { TokenUsage } from "../models/model-adapter.js";
import { toolDefinitionsSize } from "./tool-definitions-size.js";

/** A turn's tokens so far, and whether the provider reported any (a scripted model may not). */
export type TurnUsage = { inputTokens: number; outputTokens: number; cachedInputTokens?: number; reported: boolean };

/** The `usage` field of a turn's outcome: absent when the provider reported none. */
export function usageOf(turn: TurnUsage): { usage?: TokenUsage } {
  return turn.reported ? { usage: toTokenUsage(turn) } : {};
}

/** `used` plus `more`, the cached count kept apart and left out while it is zero. */
export function addUsage(used: { inputTokens: number; outputTokens: number; cachedInputTokens?: number }, more: TokenUsage): void {
  used.inputTokens += more.inputTokens;
  used.outputTokens += more.outputTokens;
  if (more.cachedInputTokens) used.cachedInputTokens = (used.cachedInputTokens ?? 0) + more.cachedInputTokens;
}

function toTokenUsage(used: TokenUsage): TokenUsage {
  return { inputTokens: used.inputTokens, outputTokens: used.outputTokens, ...(used.cachedInputTokens && { cachedInputTokens: used.cachedInputTokens }) };
}

/** The size of the tool definitions one request carries, as the `request` event gives it. */
export function sizeOf(tools: readonly unknown[]): { toolBytes: number; toolTokens: number } {
  const { bytes, tokens } = toolDefinitionsSize(tools);
  return { toolBytes: bytes, toolTokens: tokens };
}
