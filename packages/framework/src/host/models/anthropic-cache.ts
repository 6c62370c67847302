/**
 * Anthropic's prompt caching for the chat loop: what a request repeats of the one before (the
 * tools, the conversation so far) is marked with `cache_control`, so the API reads it from its
 * cache instead of processing it again. The bytes are still sent: the Messages API is stateless.
 */

/**
 * The smallest prefix worth a mark, in bytes of JSON: Anthropic caches no prompt under 1,024
 * tokens (more for some models), about 4 bytes a token; a mark on less is ignored and its bytes wasted.
 */
export const MIN_CACHED_BYTES = 4_096;

type Block = Record<string, unknown>;
type Message = { role: string; content: string | Block[] };
const MARK = { cache_control: { type: "ephemeral" } } as const;

/**
 * `tools` and `messages` with cache breakpoints: on the last tool when the tools alone are worth
 * caching (they open every request of a session), and on the last block of the last message when
 * the whole prompt is (the next request starts with all of it). Two of the API's four breakpoints;
 * nothing given is changed.
 */
export function withCacheBreakpoints<T extends object>(
  tools: readonly T[],
  messages: readonly Message[],
  system?: string,
): { tools: T[]; messages: Message[] } {
  const toolBytes = JSON.stringify(tools).length;
  const marked = tools.map((tool, i) => (i === tools.length - 1 && toolBytes >= MIN_CACHED_BYTES ? { ...tool, ...MARK } : tool));
  const last = messages.at(-1);
  const promptBytes = toolBytes + (system?.length ?? 0) + JSON.stringify(messages).length;
  if (!last || promptBytes < MIN_CACHED_BYTES) return { tools: marked, messages: [...messages] };
  const blocks = typeof last.content === "string" ? [{ type: "text", text: last.content }] : last.content;
  if (!blocks.length) return { tools: marked, messages: [...messages] };
  const content = [...blocks.slice(0, -1), { ...blocks.at(-1)!, ...MARK }];
  return { tools: marked, messages: [...messages.slice(0, -1), { role: last.role, content }] };
}
