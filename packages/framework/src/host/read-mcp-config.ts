import fs from "node:fs";
import path from "node:path";
import { HostError } from "../errors/host-error.js";
import { readOAuthConfig } from "./read-oauth-config.js";
import type { ServerSpec } from "./server-spec.js";
import { readServerTrust } from "./server-trust.js";
import { isObject, readPartTransforms } from "./read-part-transforms.js";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads an mcp.json-style file, the format hosts use: `{"mcpServers": {"name": {"command",
 * "args", "env", "cwd"}}}` for stdio servers, `{"url", "headers", "oauth"}` for Streamable HTTP ones
 * (VS Code's top-level `"servers"` key is read too). `${VAR}` and `${VAR:-default}` in strings
 * are replaced from `env`, as Claude Code does. An entry's `"tools"`, `"prompts"` and
 * `"resources"` are the transforms a gateway applies when it mounts that server. Returns the
 * servers in file order.
 */
export function readMcpConfig(file: string, env: Env = process.env): ServerSpec[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new HostError("HOST_CONFIG_INVALID", `Cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new HostError("HOST_CONFIG_INVALID", `${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  return parseMcpConfig(json, { file, env });
}

/** The servers of an already parsed mcp.json-style document; see `readMcpConfig`. */
export function parseMcpConfig(json: unknown, options: { file: string; env?: Env }): ServerSpec[] {
  const { file } = options;
  const fail = (where: string, problem: string) => new HostError("HOST_CONFIG_INVALID", `${file}: ${where} ${problem}`);
  const root = isObject(json) ? (json.mcpServers ?? json.servers) : undefined;
  if (!isObject(root)) throw fail("the file", 'has no "mcpServers" object');
  const expand = (value: unknown, where: string): string => {
    if (typeof value !== "string") throw fail(where, "must be a string");
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_, name: string, fallback: string | undefined) => {
      const found = options.env?.[name];
      if (found !== undefined && found !== "") return found;
      if (fallback !== undefined) return fallback;
      throw fail(where, `uses \${${name}}, which is not set`);
    });
  };
  const stringMap = (value: unknown, where: string): Record<string, string> | undefined => {
    if (value === undefined) return undefined;
    if (!isObject(value)) throw fail(where, "must be an object of strings");
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expand(v, `${where}.${k}`)]));
  };

  const specs = Object.entries(root).map(([name, entry]): ServerSpec => {
    const at = `mcpServers.${name}`;
    if (!isObject(entry)) throw fail(at, "must be an object");
    const type = entry.type;
    if (type === "sse") throw fail(at, 'is an SSE server; typemcp speaks Streamable HTTP ("url") and stdio ("command")');
    if (entry.url !== undefined && entry.command !== undefined) throw fail(at, 'has both "url" and "command"; give one');
    if (entry.url !== undefined) {
      const headers = stringMap(entry.headers, `${at}.headers`);
      const auth = readOAuthConfig(entry.oauth, `${at}.oauth`, { expand, fail });
      return { kind: "http", name, url: expand(entry.url, `${at}.url`), ...(headers && { headers }), ...auth };
    }
    if (entry.command === undefined) throw fail(at, 'needs "command" (a stdio server) or "url" (an HTTP server)');
    const args = entry.args ?? [];
    if (!Array.isArray(args)) throw fail(`${at}.args`, "must be an array of strings");
    const env = stringMap(entry.env, `${at}.env`);
    const cwd = entry.cwd === undefined ? undefined : path.resolve(path.dirname(file), expand(entry.cwd, `${at}.cwd`));
    return {
      kind: "stdio",
      name,
      command: expand(entry.command, `${at}.command`),
      args: args.map((arg, i) => expand(arg, `${at}.args[${i}]`)),
      inheritEnv: false,
      ...(env && { env }),
      ...(cwd !== undefined && { cwd }),
    };
  });
  // "trust" and "code" are the host's, not the connection's: read apart from the rest of the entry.
  return specs.map((spec, i) => {
    const entry = Object.values(root)[i] as Record<string, unknown>;
    const trust = readServerTrust(entry.trust, `mcpServers.${spec.name}`, file);
    if (entry.code !== undefined && typeof entry.code !== "boolean")
      throw fail(`mcpServers.${spec.name}.code`, `must be true or false; got ${JSON.stringify(entry.code)}`);
    const transforms = readPartTransforms(entry, `mcpServers.${spec.name}`, file);
    return { ...spec, ...(trust && { trust }), ...(entry.code === true && { code: true }), ...(transforms && { transforms }) };
  });
}
