import { PassThrough } from "node:stream";
import { describe, expect, test } from "vitest";
import { askYesNo } from "./confirm-call.js";
import { formatCallResult } from "./format-call-result.js";
import { formatEraLine } from "./format-era-line.js";
import { formatToolTable } from "./format-tool-table.js";
import { formatWireLine } from "./format-wire-line.js";

describe("formatToolTable", () => {
  test("aligns qualified names, arguments (required first, optional marked ?) and first sentences", () => {
    const table = formatToolTable([
      {
        qualifiedName: "calc__add",
        server: "calc",
        tool: {
          name: "add",
          description: "Add a and b. Returns the sum.",
          inputSchema: { type: "object", properties: { a: {}, b: {} }, required: ["a", "b"] },
        },
      },
      {
        qualifiedName: "towns__find_towns",
        server: "towns",
        tool: { name: "find_towns", title: "Find towns", inputSchema: { type: "object", properties: { county: {}, name: {} }, required: ["name"] } },
      },
      { qualifiedName: "x__ping", server: "x", tool: { name: "ping", inputSchema: { type: "object" } } },
    ]);
    expect(table).toBe(
      [
        "TOOL               ARGUMENTS      DESCRIPTION",
        "calc__add          a, b           Add a and b.",
        "towns__find_towns  name, county?  Find towns",
        "x__ping            -",
      ].join("\n"),
    );
  });

  test("shortens a long argument list and cuts lines to a terminal's width", () => {
    const properties = Object.fromEntries(["maxAvgSingleFamilyAssessedValue", "minSchoolRating", "maxCrimesPer1000", "county"].map((p) => [p, {}]));
    const row = {
      qualifiedName: "towns__find_towns",
      server: "towns",
      tool: { name: "find_towns", description: "Find towns that meet every filter given.", inputSchema: { type: "object", properties } },
    };
    expect(formatToolTable([row]).split("\n")[1]).toBe(
      "towns__find_towns  maxAvgSingleFamilyAssessedValue?, +3 more  Find towns that meet every filter given.",
    );
    expect(formatToolTable([row], 50).split("\n")[1]).toBe("towns__find_towns  maxAvgSingleFamilyAssessedValu…");
  });
});

describe("formatWireLine", () => {
  test("stamps local time to the millisecond, the server and the direction", () => {
    const at = new Date(2026, 0, 2, 9, 5, 7, 42);
    expect(formatWireLine(at, "calc", "send", { jsonrpc: "2.0", id: 0, method: "initialize" })).toBe(
      '09:05:07.042 [calc] → {"jsonrpc":"2.0","id":0,"method":"initialize"}',
    );
    expect(formatWireLine(at, undefined, "receive", { id: 0 })).toBe('09:05:07.042 ← {"id":0}');
  });
});

describe("formatCallResult", () => {
  test("prints text blocks as they are and names the other kinds", () => {
    const result = {
      content: [
        { type: "text", text: "The sum is 5." },
        { type: "image", mimeType: "image/png", data: "AAAA" },
        { type: "resource_link", uri: "file:///a.txt", name: "a.txt" },
        { type: "resource", resource: { uri: "mem://x", text: "inline" } },
      ],
    };
    expect(formatCallResult(result)).toBe("The sum is 5.\n[image image/png, 3 bytes]\n[resource link file:///a.txt (a.txt)]\n[resource mem://x]\ninline");
  });

  test("prints structured content as JSON when there are no blocks", () => {
    expect(formatCallResult({ content: [], structuredContent: { n: 1 } })).toBe('{\n  "n": 1\n}');
    expect(formatCallResult({})).toBe("");
  });
});

describe("askYesNo", () => {
  test.each([
    ["y\n", true],
    ["YES\n", true],
    ["\n", false],
    ["n\n", false],
    ["", false],
  ])("answers %j as %s, no by default", async (typed, expected) => {
    const input = new PassThrough();
    const output = new PassThrough();
    const answer = askYesNo("Call towns__x?", { input, output });
    input.end(typed);
    expect(await answer).toBe(expected);
    expect(output.read()?.toString()).toBe("Call towns__x? [y/N] ");
  });
});

describe("formatEraLine", () => {
  test("names the server, the protocol version and how it was reached", () => {
    expect(formatEraLine("towns", { name: "2026-07-28", kind: "stateless", protocolVersion: "2026-07-28" })).toBe(
      "[towns] protocol 2026-07-28 (stateless: found by server/discover, version and capabilities in _meta on every request)",
    );
    expect(formatEraLine("everything", { name: "2025-11-25", kind: "initialize", protocolVersion: "2025-11-25" })).toBe(
      "[everything] protocol 2025-11-25 (initialize handshake: the server gave no 2026-07-28 answer to server/discover)",
    );
  });

  test("says the era was pinned by --protocol rather than found", () => {
    expect(formatEraLine("towns", { name: "2025-11-25", kind: "initialize", protocolVersion: "2025-11-25" }, "2025-11-25")).toBe(
      "[towns] protocol 2025-11-25 (initialize handshake: --protocol 2025-11-25)",
    );
    expect(formatEraLine("towns", { name: "2026-07-28", kind: "stateless", protocolVersion: "2026-07-28" }, "2026-07-28")).toBe(
      "[towns] protocol 2026-07-28 (stateless: --protocol 2026-07-28, version and capabilities in _meta on every request)",
    );
  });
});
