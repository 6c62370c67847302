import { describe, expect, test } from "vitest";
import { parseArgs } from "./parse-options.js";

const spec = { json: "boolean", url: "string", arg: "strings" } as const;

describe("parseArgs", () => {
  test("reads switches, single values, repeated values and positionals in any order", () => {
    expect(parseArgs(["calc__add", "--arg", "a=1", "--json", "--arg=b=2", "--url", "http://h/mcp"], spec, "call")).toEqual({
      options: { json: true, url: "http://h/mcp", arg: ["a=1", "b=2"] },
      positionals: ["calc__add"],
      rest: undefined,
    });
  });

  test("keeps everything after -- as the server's command line, flags included", () => {
    expect(parseArgs(["--json", "--", "node", "server.js", "--json"], spec, "list")).toEqual({
      options: { json: true, url: undefined, arg: [] },
      positionals: [],
      rest: ["node", "server.js", "--json"],
    });
  });

  test.each([
    [["--nope"], "Unknown option --nope for typemcp list. See typemcp list --help."],
    [["--ulr", "http://h/mcp"], "Unknown option --ulr for typemcp list; did you mean --url? See typemcp list --help."],
    [["--JOSN"], "Unknown option --JOSN for typemcp list; did you mean --json? See typemcp list --help."],
    [["--url"], "--url needs a value."],
    [["--url", "--"], "--url needs a value."],
    [["--json=yes"], "--json takes no value."],
    [["--url", "a", "--url", "b"], "--url is given twice."],
  ])("refuses %j as a usage error", (argv, message) => {
    expect(() => parseArgs(argv, spec, "list")).toThrow(message);
  });
});
