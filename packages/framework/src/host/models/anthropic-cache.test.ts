import { describe, expect, test } from "vitest";
import { MIN_CACHED_BYTES, withCacheBreakpoints } from "./anthropic-cache.js";

const MARK = { type: "ephemeral" };
const tool = (name: string, bytes: number) => ({ name, description: "x".repeat(bytes), input_schema: { type: "object" } });

describe("withCacheBreakpoints", () => {
  test("marks the last tool and the last block of the last message when each prefix is long enough to be cached", () => {
    const tools = [tool("a", 10), tool("b", MIN_CACHED_BYTES)];
    const messages = [
      { role: "user", content: "Hello." },
      { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "a", input: {} }] },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "t1", content: "one" },
          { type: "tool_result", tool_use_id: "t2", content: "two" },
        ],
      },
    ];
    const marked = withCacheBreakpoints(tools, messages);
    expect(marked.tools.map((t) => (t as { cache_control?: unknown }).cache_control)).toEqual([undefined, MARK]);
    expect(marked.messages.slice(0, 2)).toEqual(messages.slice(0, 2));
    expect(marked.messages[2]!.content).toEqual([
      { type: "tool_result", tool_use_id: "t1", content: "one" },
      { type: "tool_result", tool_use_id: "t2", content: "two", cache_control: MARK },
    ]);
    // What it was given is left as it was.
    expect(tools[1]).not.toHaveProperty("cache_control");
    expect(messages[2]!.content[1]).not.toHaveProperty("cache_control");
  });

  test("makes a last message of plain text a text block to mark it", () => {
    const marked = withCacheBreakpoints([tool("a", 10)], [{ role: "user", content: "y".repeat(MIN_CACHED_BYTES) }]);
    expect(marked.tools[0]).not.toHaveProperty("cache_control");
    expect(marked.messages).toEqual([{ role: "user", content: [{ type: "text", text: "y".repeat(MIN_CACHED_BYTES), cache_control: MARK }] }]);
  });

  test("marks nothing in a prompt too short to be cached, where a mark would only cost bytes", () => {
    const tools = [tool("run_program", 400)];
    const messages = [{ role: "user", content: "Hello." }];
    expect(withCacheBreakpoints(tools, messages)).toEqual({ tools, messages });
  });
});
