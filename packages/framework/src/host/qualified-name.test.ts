import { describe, expect, test } from "vitest";
import { qualifyName, splitQualifiedName } from "./qualified-name.js";

describe("qualified names", () => {
  test("join server and tool with two underscores", () => {
    expect(qualifyName("towns", "get_housing")).toBe("towns__get_housing");
  });

  test("split at the longest server name that owns the prefix", () => {
    expect(splitQualifiedName("my__srv__echo", ["my", "my__srv"])).toEqual({ server: "my__srv", tool: "echo" });
    expect(splitQualifiedName("my__tool__x", ["my", "other"])).toEqual({ server: "my", tool: "tool__x" });
  });

  test("find no owner for an unknown prefix or an empty tool name", () => {
    expect(splitQualifiedName("calc__add", ["towns"])).toBeUndefined();
    expect(splitQualifiedName("calc__", ["calc"])).toBeUndefined();
  });
});
