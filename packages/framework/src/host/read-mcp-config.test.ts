import { describe, expect, test } from "vitest";
import { HostError } from "../errors/host-error.js";
import { parseMcpConfig } from "./read-mcp-config.js";

const parse = (json: unknown, env: Record<string, string> = {}) => parseMcpConfig(json, { file: "/cfg/mcp.json", env });

describe("parseMcpConfig", () => {
  test('reads "code": true, which puts a server behind code mode, and refuses anything but a boolean', () => {
    expect(parse({ mcpServers: { crm: { command: "node", args: ["crm.js"], code: true }, mail: { command: "node", code: false } } })).toEqual([
      { kind: "stdio", name: "crm", command: "node", args: ["crm.js"], inheritEnv: false, code: true },
      { kind: "stdio", name: "mail", command: "node", args: [], inheritEnv: false },
    ]);
    expect(() => parse({ mcpServers: { crm: { command: "node", code: "yes" } } })).toThrow(
      '/cfg/mcp.json: mcpServers.crm.code must be true or false; got "yes"',
    );
  });

  test('reads a gateway\'s transforms from "tools", "prompts" and "resources", and names each mistake', () => {
    const tools = {
      "get-sum": { name: "sum", description: "Adds.", arguments: { b: { value: 2 }, a: { default: 0 } }, scopes: ["math"] },
      echo: { hidden: true },
    };
    expect(
      parse({
        mcpServers: { everything: { url: "http://127.0.0.1:1/mcp", tools, prompts: { p: { hidden: true } }, resources: { "demo://x": { scopes: ["r"] } } } },
      }),
    ).toEqual([
      {
        kind: "http",
        name: "everything",
        url: "http://127.0.0.1:1/mcp",
        transforms: { tools, prompts: { p: { hidden: true } }, resources: { "demo://x": { scopes: ["r"] } } },
      },
    ]);
    const mistake = (entry: Record<string, unknown>) => () => parse({ mcpServers: { e: { command: "node", ...entry } } });
    expect(mistake({ tools: { sum: { arguments: { b: 2 } } } })).toThrow(
      '/cfg/mcp.json: mcpServers.e.tools.sum.arguments.b must be { "value": … } (always this value, hidden from callers) or { "default": … } (this value when none is given)',
    );
    expect(mistake({ tools: { sum: { hide: true } } })).toThrow(
      '/cfg/mcp.json: mcpServers.e.tools.sum has "hide", which is not a transform; it takes "hidden", "scopes", "name", "description", "arguments"',
    );
    expect(mistake({ prompts: { p: { scopes: "admin" } } })).toThrow("/cfg/mcp.json: mcpServers.e.prompts.p.scopes must be an array of scope names");
    expect(mistake({ resources: [] })).toThrow("/cfg/mcp.json: mcpServers.e.resources must be an object keyed by the server's own names");
  });

  test("reads stdio and HTTP servers in file order", () => {
    expect(
      parse({
        mcpServers: {
          towns: { command: "node", args: ["dist/towns.js"], env: { DEBUG: "1" }, cwd: "servers" },
          remote: { type: "http", url: "http://127.0.0.1:3000/mcp", headers: { Authorization: "Bearer x" } },
        },
      }),
    ).toEqual([
      { kind: "stdio", name: "towns", command: "node", args: ["dist/towns.js"], env: { DEBUG: "1" }, cwd: "/cfg/servers", inheritEnv: false },
      { kind: "http", name: "remote", url: "http://127.0.0.1:3000/mcp", headers: { Authorization: "Bearer x" } },
    ]);
  });

  test("takes VS Code's top-level servers key too", () => {
    expect(parse({ servers: { a: { command: "x" } } })).toEqual([{ kind: "stdio", name: "a", command: "x", args: [], inheritEnv: false }]);
  });

  test("expands ${VAR} and ${VAR:-default} from the environment", () => {
    const [spec] = parse(
      { mcpServers: { w: { command: "node", args: ["${HOME_DIR}/w.js"], env: { BASE: "${NWS:-http://127.0.0.1:1}" } } } },
      { HOME_DIR: "/h" },
    );
    expect(spec).toMatchObject({ args: ["/h/w.js"], env: { BASE: "http://127.0.0.1:1" } });
  });

  test.each([
    [{}, '/cfg/mcp.json: the file has no "mcpServers" object'],
    [{ mcpServers: { a: {} } }, '/cfg/mcp.json: mcpServers.a needs "command" (a stdio server) or "url" (an HTTP server)'],
    [{ mcpServers: { a: { command: "x", url: "http://h" } } }, '/cfg/mcp.json: mcpServers.a has both "url" and "command"; give one'],
    [{ mcpServers: { a: { command: "x", args: "y" } } }, "/cfg/mcp.json: mcpServers.a.args must be an array of strings"],
    [{ mcpServers: { a: { command: "x", args: [1] } } }, "/cfg/mcp.json: mcpServers.a.args[0] must be a string"],
    [
      { mcpServers: { a: { type: "sse", url: "http://h" } } },
      '/cfg/mcp.json: mcpServers.a is an SSE server; typemcp speaks Streamable HTTP ("url") and stdio ("command")',
    ],
    [{ mcpServers: { a: { command: "${NOPE}" } } }, "/cfg/mcp.json: mcpServers.a.command uses ${NOPE}, which is not set"],
  ])("explains what is wrong with %j", (json, message) => {
    expect(() => parse(json)).toThrow(new HostError("HOST_CONFIG_INVALID", message));
  });
});
