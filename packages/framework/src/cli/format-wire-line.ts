import type { WireDirection } from "../host/wire-log-transport.js";

/**
 * One line of `--verbose` output: local time to the millisecond, the server's name when there is
 * one to tell apart, an arrow for the direction (→ host to server, ← server to host) and the
 * message as compact JSON (a model provider's exchange comes as text already and is shown as it is).
 * `12:00:00.123 [towns] → {"jsonrpc":"2.0","id":0,"method":"initialize",…}`
 */
export function formatWireLine(at: Date, server: string | undefined, direction: WireDirection, message: unknown): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`;
  return `${time}${server === undefined ? "" : ` [${server}]`} ${direction === "send" ? "→" : "←"} ${typeof message === "string" ? message : JSON.stringify(message)}`;
}
