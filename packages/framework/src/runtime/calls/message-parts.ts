/**
 * A JSON-RPC answer that carries a large text (a tool's result of megabytes) as parts written one
 * after another, instead of one string of the whole message: the text is serialised a slice at a
 * time as it is written, so the answer never exists whole beside the text it was made from, and
 * a writer that waits for its pipe or socket to drain holds one slice at a time.
 */

/** A text block this long, in UTF-16 code units, makes its answer go in parts. */
export const LARGE_TEXT = 1024 * 1024;
/** How much of the text each part serialises. */
const SLICE = 1024 * 1024;
/** Parts shorter than this are gathered into the next one, so the writes stay few. */
const GATHER = 64 * 1024;

type Json = Record<string, unknown>;
type Inner = (key: string, value: unknown) => Iterable<string> | undefined;

/**
 * `message`'s JSON text as parts whose concatenation is exactly what `JSON.stringify(message)`
 * writes, when its `result.content` holds a text block of {@link LARGE_TEXT} or more; undefined
 * otherwise (write it whole: for every other message that is as fast as it gets). The parts are
 * made as they are read.
 */
export function messageParts(message: object): Iterable<string> | undefined {
  const result = (message as { result?: unknown }).result;
  if (!isRecord(result) || !Array.isArray(result.content)) return undefined;
  const content = result.content as unknown[];
  // What has toJSON is left to JSON.stringify, which calls it.
  if (!content.some(isLargeText) || [message, result, content, ...content].some(hasToJson)) return undefined;
  // Only the large texts' blocks go in parts; everything else is JSON.stringify's, member by member.
  const text = (key: string, value: unknown) => (key === "text" ? textParts(value as string) : undefined);
  const block = (value: unknown) => (isLargeText(value) ? members(value, text) : undefined);
  const ofResult = (key: string, value: unknown) => (key === "content" ? items(value as unknown[], block) : undefined);
  return gathered(members(message as Json, (key) => (key === "result" ? members(result, ofResult) : undefined)));
}

// An object's members in JSON.stringify's order (its own enumerable string keys), `inner` giving
// the parts of a value that is written in parts.
function* members(object: Json, inner: Inner): Generator<string> {
  let separator = "{";
  for (const key of Object.keys(object)) {
    const value = object[key];
    const parts = inner(key, value);
    if (parts === undefined) {
      const json = JSON.stringify(value);
      if (json === undefined) continue;
      yield `${separator}${JSON.stringify(key)}:${json}`;
    } else {
      yield `${separator}${JSON.stringify(key)}:`;
      yield* parts;
    }
    separator = ",";
  }
  yield separator === "{" ? "{}" : "}";
}

function* items(array: unknown[], inner: (value: unknown) => Iterable<string> | undefined): Generator<string> {
  yield "[";
  for (let i = 0; i < array.length; i++) {
    if (i > 0) yield ",";
    const value = array[i];
    const parts = inner(value);
    if (parts === undefined) yield JSON.stringify(value) ?? "null";
    else yield* parts;
  }
  yield "]";
}

// A string's JSON a slice at a time; a slice never ends between the two halves of a surrogate
// pair, so each slice's JSON is that of its part of the whole (a lone surrogate is escaped alike).
function* textParts(text: string): Generator<string> {
  yield '"';
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + SLICE, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    yield JSON.stringify(text.slice(start, end)).slice(1, -1);
    start = end;
  }
  yield '"';
}

// Small parts joined into the next large one, so a writer makes one write per slice.
function* gathered(parts: Iterable<string>): Generator<string> {
  let pending = "";
  for (const part of parts) {
    if (part.length < GATHER) {
      pending += part;
      continue;
    }
    if (pending) yield pending;
    pending = "";
    yield part;
  }
  if (pending) yield pending;
}

function isLargeText(block: unknown): block is Json {
  return isRecord(block) && typeof block.text === "string" && block.text.length >= LARGE_TEXT;
}

function hasToJson(value: unknown): boolean {
  return typeof (value as { toJSON?: unknown } | null)?.toJSON === "function";
}

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
