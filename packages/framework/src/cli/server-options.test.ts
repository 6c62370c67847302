import { describe, expect, test } from "vitest";
import { parseArgs } from "./parse-options.js";
import { pickConfigServers, readPolicy, readServerSource, readTimeout, SERVER_OPTIONS } from "./server-options.js";

const read = (...argv: string[]) => {
  const { options, rest } = parseArgs(argv, SERVER_OPTIONS, "list");
  return { source: () => readServerSource(options, rest), timeout: () => readTimeout(options), policy: () => readPolicy(options) };
};

describe("server options", () => {
  test("take a command line after --, inheriting the environment, named by --name if given", () => {
    expect(read("--name", "towns", "--", "node", "dist/towns.js").source()).toEqual({
      single: { kind: "stdio", command: "node", args: ["dist/towns.js"], inheritEnv: true, name: "towns" },
    });
  });

  test("take a URL with headers", () => {
    expect(read("--url", "http://127.0.0.1:1/mcp", "--header", "Authorization: Bearer t").source()).toEqual({
      single: { kind: "http", url: "http://127.0.0.1:1/mcp", headers: { Authorization: "Bearer t" } },
    });
  });

  test("take --login with an optional client id and scope, for a person's OAuth login", () => {
    expect(read("--url", "http://127.0.0.1:1/mcp", "--login", "--client-id", "cli", "--scope", "tickets:read").source()).toEqual({
      single: { kind: "http", url: "http://127.0.0.1:1/mcp", headers: {}, login: { clientId: "cli", scope: "tickets:read" } },
    });
    expect(read("--url", "http://127.0.0.1:1/mcp", "--login").source()).toEqual({
      single: { kind: "http", url: "http://127.0.0.1:1/mcp", headers: {}, login: {} },
    });
  });

  test.each([
    [["--login", "--", "node"], "--login and --client-id go with --url."],
    [["--url", "http://h", "--login", "--issuer", "http://as"], "--login is a person's login, with no secret"],
    [[], "Say which server to talk to"],
    [["--url", "http://h", "--", "node"], "Say which server to talk to"],
    [["--"], "Nothing after --"],
    [["--config", "x.json", "--name", "n"], "--name names a --url or -- server"],
    [["--header", "A: b", "--", "node"], "--header goes with --url."],
  ])("refuse %j", (argv, message) => {
    expect(() => read(...argv).source()).toThrow(message);
  });

  test("pick config servers by name, all of them by default, and name the ones there are", () => {
    const config = { file: "mcp.json", servers: [{ kind: "stdio", name: "a", command: "x", args: [], inheritEnv: false } as const] };
    expect(pickConfigServers(config, [])).toEqual(config.servers);
    expect(() => pickConfigServers(config, ["b"])).toThrow('mcp.json has no server "b"; it has "a".');
  });

  test("read --timeout and comma-separated --allow/--deny patterns", () => {
    const options = read("--timeout", "500", "--allow", "calc__*, towns__get_*", "--deny", "*__delete");
    expect(options.timeout()).toBe(500);
    expect(options.policy()).toEqual({ allow: ["calc__*", "towns__get_*"], deny: ["*__delete"] });
    expect(read().timeout()).toBe(30_000);
    expect(() => read("--timeout", "soon").timeout()).toThrow("--timeout takes a whole number of milliseconds");
  });
});
