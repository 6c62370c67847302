import type { TokenUsage } from "../models/model-adapter.js";
import { toolDefinitionsSize } from "./tool-definitions-size.js";

/** A turn's tokens so far, and whether the provider reported any (a scripted model may not). */
export type TurnUsage = { inputTokens: number; outputTokens: number; reported: boolean };

/** The `usage` field of a turn's outcome: absent when the provider reported none. */
export function usageOf(turn: TurnUsage): { usage?: TokenUsage } {
  return turn.reported ? { usage: { inputTokens: turn.inputTokens, outputTokens: turn.outputTokens } } : {};
}

/** The size of the tool definitions one request carries, as the `request` event gives it. */
export function sizeOf(tools: readonly unknown[]): { toolBytes: number; toolTokens: number } {
  const { bytes, tokens } = toolDefinitionsSize(tools);
  return { toolBytes: bytes, toolTokens: tokens };
}
