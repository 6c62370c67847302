/**
 * JSON kept for results that many requests answer with unchanged (a list of a thousand tools is
 * half a megabyte): such a result is serialised once, and every message that carries it is
 * written from that string instead of walking the result again. Keyed by the result object
 * itself, so a result that is copied or rebuilt on its way out is simply written as usual.
 */

interface Kept {
  json: string | undefined;
  bytes: number;
}

const kept = new WeakMap<object, Kept>();

/**
 * Marks `result` as one whose JSON may be kept: it must never change after this (the kept text
 * would no longer be its JSON). Returns `result`.
 */
export function keepJson<T extends object>(result: T): T {
  if (!kept.has(result)) kept.set(result, { json: undefined, bytes: 0 });
  return result;
}

/** A JSON-RPC message's text and, when most of it was kept, its length in UTF-8 bytes. */
export interface MessageJson {
  readonly json: string;
  /** The UTF-8 length of `json`, when known without reading it again. */
  readonly bytes: number | undefined;
}

/** `message` as `JSON.stringify` writes it, its `result` from the kept text when it has one. */
export function messageJson(message: object): MessageJson {
  const result = (message as { result?: unknown }).result;
  const entry = typeof result === "object" && result !== null ? kept.get(result) : undefined;
  if (entry === undefined) return { json: JSON.stringify(message), bytes: undefined };
  if (entry.json === undefined) {
    entry.json = JSON.stringify(result);
    entry.bytes = Buffer.byteLength(entry.json);
  }
  // The message's own members in their order, `result` from the kept text: what JSON.stringify writes.
  let json = "{";
  let bytes = 2;
  for (const key in message) {
    const value = (message as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const part = `${json.length > 1 ? "," : ""}${JSON.stringify(key)}:`;
    if (key === "result") {
      json += part + entry.json;
      bytes += Buffer.byteLength(part) + entry.bytes;
    } else {
      const text = `${part}${JSON.stringify(value)}`;
      json += text;
      bytes += Buffer.byteLength(text);
    }
  }
  return { json: `${json}}`, bytes };
}
