import { describe, expect, test } from "vitest";
import { HostError } from "../errors/host-error.js";
import { parseMcpConfig } from "./read-mcp-config.js";

const parse = (json: unknown) => parseMcpConfig(json, { file: "/cfg/mcp.json", env: {} });

describe('mcp.json "trust"', () => {
  test("is kept on the servers that set it, and left out (every call asked) on the others", () => {
    expect(
      parse({
        mcpServers: { mine: { command: "node", trust: "read-only" }, theirs: { url: "http://127.0.0.1:1/mcp" }, asked: { command: "x", trust: "ask" } },
      }).map((spec) => [spec.name, spec.trust]),
    ).toEqual([
      ["mine", "read-only"],
      ["theirs", undefined],
      ["asked", "ask"],
    ]);
  });

  test("refuses a value it does not know, naming the server", () => {
    expect(() => parse({ mcpServers: { a: { command: "x", trust: "all" } } })).toThrow(
      new HostError("HOST_CONFIG_INVALID", '/cfg/mcp.json: mcpServers.a.trust must be "ask" or "read-only"; got "all"'),
    );
  });
});
