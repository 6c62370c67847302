import { describe, expect, test } from "vitest";
import { PROVIDER_TOOL_NAME, toProviderToolName, toProviderToolNames } from "./provider-tool-name.js";

describe("provider tool names", () => {
  test("keep a name that is already valid", () => {
    expect(toProviderToolName("towns__get_housing")).toBe("towns__get_housing");
  });

  test("replace characters providers refuse", () => {
    expect(toProviderToolName("mcp-servers/everything__get.sum")).toBe("mcp-servers_everything__get_sum");
  });

  test("cut a long name to 64 characters, ending in a hash of the original, the same every time", () => {
    const long = `server__${"x".repeat(80)}`;
    const safe = toProviderToolName(long);
    expect(safe).toHaveLength(64);
    expect(safe).toMatch(/^server__x+_[0-9a-f]{8}$/);
    expect(toProviderToolName(long)).toBe(safe);
    expect(toProviderToolName(`${long}y`)).not.toBe(safe);
  });

  test("keep names apart that would collide, whatever order they come in", () => {
    const names = ["a.b__c", "a_b__c", "a/b__c"];
    const forward = toProviderToolNames(names);
    const backward = toProviderToolNames([...names].reverse());
    expect(new Set(forward.values()).size).toBe(3);
    expect(forward.get("a_b__c")).toBe("a_b__c");
    for (const name of names) expect(backward.get(name)).toBe(forward.get(name));
  });

  test("always match the pattern Anthropic and OpenAI publish", () => {
    for (const name of ["", "ü", "x".repeat(200), "a b c", "tool:with:colons", "😀__tool"]) {
      expect(toProviderToolName(name)).toMatch(PROVIDER_TOOL_NAME);
    }
    expect(PROVIDER_TOOL_NAME.source).toBe("^[a-zA-Z0-9_-]{1,64}$");
  });
});
