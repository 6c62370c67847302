import { TypemcpError } from "../errors/typemcp-error.js";

/**
 * How long 2026-07-28 clients may cache the server's lists, as whoever runs it set it: the
 * `--list-ttl SECONDS` flag over the `MCP_LIST_TTL` variable, in ms; undefined when neither is
 * given, leaving the code's `listTtlMs` (or its one-hour default). An operator shortens it before
 * deploying a version with other tools; `typemcp dev` sets 0, as its next edit may change them.
 */
export function listTtlFrom(argv: readonly string[], env: NodeJS.ProcessEnv): number | undefined {
  const i = argv.indexOf("--list-ttl");
  const value = i === -1 ? (env.MCP_LIST_TTL === "" ? undefined : env.MCP_LIST_TTL) : (argv[i + 1] ?? "");
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (value.trim() === "" || !Number.isInteger(seconds) || seconds < 0) {
    throw new TypemcpError({
      code: "INVALID_CONFIGURATION",
      message: `--list-ttl / MCP_LIST_TTL must be a whole number of seconds, 0 or more (0: clients cache no list), not "${value}".`,
    });
  }
  return seconds * 1000;
}
