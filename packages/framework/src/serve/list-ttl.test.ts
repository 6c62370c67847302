import { describe, expect, test } from "vitest";
import { listTtlFrom } from "./list-ttl.js";

describe("listTtlFrom", () => {
  test("reads --list-ttl in seconds, over MCP_LIST_TTL, and gives ms", () => {
    expect(listTtlFrom(["--list-ttl", "90"], { MCP_LIST_TTL: "5" })).toBe(90_000);
    expect(listTtlFrom([], { MCP_LIST_TTL: "5" })).toBe(5_000);
    expect(listTtlFrom(["--http"], { MCP_LIST_TTL: "0" })).toBe(0);
  });

  test("leaves the code's setting when neither is given (an empty variable counts as not given)", () => {
    expect(listTtlFrom(["--http", "--port", "3000"], {})).toBeUndefined();
    expect(listTtlFrom([], { MCP_LIST_TTL: "" })).toBeUndefined();
  });

  test.each([["-1"], ["1.5"], ["soon"], [""], [" "]])("refuses %j, saying what it takes", (value) => {
    expect(() => listTtlFrom(["--list-ttl", value], {})).toThrow(
      `--list-ttl / MCP_LIST_TTL must be a whole number of seconds, 0 or more (0: clients cache no list), not "${value}".`,
    );
  });

  test("refuses a --list-ttl with nothing after it", () => {
    expect(() => listTtlFrom(["--list-ttl"], {})).toThrow(/not ""\.$/);
  });
});
