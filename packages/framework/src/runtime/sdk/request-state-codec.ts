// The SDK's codec for 2026-07-28 `requestState` (input rounds), made with the key that signs it.
import { createRequestStateCodec } from "@modelcontextprotocol/server";
import { requestStateKey } from "../rounds/request-state-key.js";
import { STATE_TTL_MS, type RoundState } from "../rounds/round-state.js";

export { configuredRequestStateKey, requestStateKey } from "../rounds/request-state-key.js";

let codec: ReturnType<typeof createRequestStateCodec<RoundState>> | undefined;
let codecKey: string | undefined;

/** The codec that signs and verifies `requestState` with `requestStateKey()` (remade when the key changes). */
export function requestStateCodec() {
  const key = requestStateKey();
  if (!codec || codecKey !== key) {
    codec = createRequestStateCodec<RoundState>({ key, ttlSeconds: STATE_TTL_MS / 1000 });
    codecKey = key;
  }
  return codec;
}
