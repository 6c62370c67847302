import { HostError } from "../errors/host-error.js";
import { readMcpConfig } from "../host/read-mcp-config.js";
import type { ProtocolChoice } from "../host/protocol-era.js";
import type { ServerSpec } from "../host/server-spec.js";
import type { ClientCredentials } from "../host/client-credentials-auth.js";
import type { LoginSettings } from "../host/login-auth.js";
import type { ToolPolicy } from "../host/tool-policy.js";
import type { OptionValues } from "./parse-options.js";

/** The options `typemcp list` and `typemcp call` share: which servers, how to talk, what to allow. */
export const SERVER_OPTIONS = {
  config: "string",
  url: "string",
  header: "strings",
  name: "string",
  timeout: "string",
  verbose: "boolean",
  json: "boolean",
  allow: "strings",
  deny: "strings",
  protocol: "string",
  "client-id": "string",
  "client-secret": "string",
  issuer: "string",
  scope: "string",
  login: "boolean",
} as const;

type ServerOptionValues = OptionValues<typeof SERVER_OPTIONS>;

const DEFAULT_TIMEOUT_MS = 30_000;

/** Which servers the command line names, as `source` says; see `typemcp help`. */
export interface ServerSource {
  /** `--config`: every server of the file, by name, in file order. */
  readonly config?: { file: string; servers: ServerSpec[] };
  /** `--url` or `-- command…`: the one server. */
  readonly single?: ServerSpec;
}

/**
 * The servers a command talks to: the one `--url` or `-- command…` names, or those of `--config`
 * that `names` picks (every one when none is named). Names without `--config` are a usage error.
 */
export function readServerSpecs(options: ServerOptionValues, names: readonly string[], rest: string[] | undefined): ServerSpec[] {
  const source = readServerSource(options, rest);
  if (source.single && names.length) throw new HostError("HOST_USAGE", `Server names (${names.join(", ")}) go with --config.`);
  return source.config ? pickConfigServers(source.config, names) : [source.single!];
}

/** Reads `--config`, `--url` or the command after `--`: exactly one of them. */
export function readServerSource(options: ServerOptionValues, rest: string[] | undefined): ServerSource {
  const given = [options.config !== undefined, options.url !== undefined, rest !== undefined].filter(Boolean).length;
  if (given !== 1) {
    throw new HostError("HOST_USAGE", "Say which server to talk to, one way: -- <command> [args…], --url <http://…/mcp>, or --config <mcp.json>.");
  }
  if (options.name !== undefined && options.config !== undefined)
    throw new HostError("HOST_USAGE", "--name names a --url or -- server; --config servers have their names in the file.");
  if (options.header.length && options.url === undefined) throw new HostError("HOST_USAGE", "--header goes with --url.");
  const name = options.name === undefined ? {} : { name: options.name };
  if (options.config !== undefined) return { config: { file: options.config, servers: readMcpConfig(options.config) } };
  const auth = options.login ? { login: readLogin(options) } : readClientCredentials(options, process.env);
  if (auth && options.url === undefined) throw new HostError("HOST_USAGE", "--login and --client-id go with --url.");
  if (options.url !== undefined)
    return {
      single: { kind: "http", url: options.url, headers: parseHeaders(options.header), ...name, ...(auth && ("login" in auth ? auth : { oauth: auth })) },
    };
  const [command, ...args] = rest!;
  if (command === undefined || command === "")
    throw new HostError("HOST_USAGE", "Nothing after --: give the command that starts the server, e.g. -- node dist/server.js.");
  return { single: { kind: "stdio", command, args, inheritEnv: true, ...name } };
}

/** The `--config` servers called `names`, or all of them when no names are given. */
export function pickConfigServers(config: { file: string; servers: ServerSpec[] }, names: readonly string[]): ServerSpec[] {
  if (!names.length) return config.servers;
  return names.map((name) => {
    const found = config.servers.find((spec) => spec.name === name);
    if (!found) throw new HostError("HOST_USAGE", `${config.file} has no server "${name}"; it has ${listNames(config.servers)}.`);
    return found;
  });
}

/** The names of a config's servers, for messages. */
export function listNames(servers: readonly ServerSpec[]): string {
  return servers.map((spec) => `"${spec.name}"`).join(", ") || "none";
}

/** `--timeout` in ms: the longest wait for any one request. */
export function readTimeout(options: ServerOptionValues): number {
  if (options.timeout === undefined) return DEFAULT_TIMEOUT_MS;
  const ms = Number(options.timeout);
  if (!Number.isInteger(ms) || ms <= 0) throw new HostError("HOST_USAGE", `--timeout takes a whole number of milliseconds, got "${options.timeout}".`);
  return ms;
}

/** `--protocol`: `auto` (the default) negotiates, 2026-07-28 first; a version pins that era. */
export function readProtocol(options: ServerOptionValues): ProtocolChoice {
  const choices: ProtocolChoice[] = ["auto", "2026-07-28", "2025-11-25"];
  if (options.protocol === undefined) return "auto";
  if (choices.includes(options.protocol as ProtocolChoice)) return options.protocol as ProtocolChoice;
  throw new HostError("HOST_USAGE", `--protocol takes ${choices.join(", ")}; got "${options.protocol}".`);
}

/** `--allow` and `--deny`, each repeatable and each taking comma-separated patterns. */
export function readPolicy(options: ServerOptionValues): ToolPolicy {
  const split = (values: string[]) =>
    values
      .flatMap((value) => value.split(","))
      .map((p) => p.trim())
      .filter(Boolean);
  return { allow: split(options.allow), deny: split(options.deny) };
}

/**
 * OAuth client credentials from `--client-id`, `--client-secret`, `--issuer` and `--scope`, or
 * `TYPEMCP_CLIENT_ID`, `TYPEMCP_CLIENT_SECRET`, `TYPEMCP_OAUTH_ISSUER` (the secret is better
 * there than on a command line others can read in `ps`). Undefined when no client id is given.
 */
export function readClientCredentials(options: ServerOptionValues, env: NodeJS.ProcessEnv): ClientCredentials | undefined {
  const clientId = options["client-id"] ?? (env.TYPEMCP_CLIENT_ID || undefined);
  const clientSecret = options["client-secret"] ?? (env.TYPEMCP_CLIENT_SECRET || undefined);
  const issuer = options.issuer ?? (env.TYPEMCP_OAUTH_ISSUER || undefined);
  if (clientId === undefined) {
    if (options["client-secret"] !== undefined || options.issuer !== undefined || options.scope !== undefined)
      throw new HostError("HOST_USAGE", "--client-secret, --issuer and --scope go with --client-id (or TYPEMCP_CLIENT_ID).");
    return undefined;
  }
  if (clientSecret === undefined) throw new HostError("HOST_USAGE", "--client-id needs its secret: set TYPEMCP_CLIENT_SECRET (or --client-secret).");
  // Without it, the secret would go to whichever authorization server the MCP server names.
  if (issuer === undefined)
    throw new HostError(
      "HOST_USAGE",
      "--client-id needs --issuer (or TYPEMCP_OAUTH_ISSUER): the authorization server the client is registered with, the only one its secret is sent to.",
    );
  if (!URL.canParse(issuer)) throw new HostError("HOST_USAGE", `--issuer takes the authorization server's URL, got "${issuer}".`);
  return { clientId, clientSecret, issuer, ...(options.scope === undefined ? {} : { scope: options.scope }) };
}

/** `--login [--client-id ID] [--scope S]`: a person logs in; no secret, no issuer (the server names it). */
function readLogin(options: ServerOptionValues): LoginSettings {
  if (options["client-secret"] !== undefined || options.issuer !== undefined)
    throw new HostError("HOST_USAGE", "--login is a person's login, with no secret: --client-secret and --issuer are for client credentials, without --login.");
  return {
    ...(options["client-id"] === undefined ? {} : { clientId: options["client-id"] }),
    ...(options.scope === undefined ? {} : { scope: options.scope }),
  };
}

/** `--header "Name: value"` values as headers (a name before the first colon, both trimmed). */
export function parseHeaders(values: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    values.map((value) => {
      const colon = value.indexOf(":");
      if (colon <= 0) throw new HostError("HOST_USAGE", `--header "${value}" needs the form "Name: value".`);
      return [value.slice(0, colon).trim(), value.slice(colon + 1).trim()];
    }),
  );
}
