import fs from "node:fs";
import path from "node:path";
import { HostError } from "../../errors/host-error.js";
import { findOnPath } from "../../host/find-on-path.js";
import { parseHeaders } from "../server-options.js";
import type { ServerEntry } from "./server-entry.js";

/**
 * The server `typemcp install` was given (`-- COMMAND [ARGS]…` or `--url URL`), as a host
 * started from anywhere can run it: the command found on PATH, and each argument naming a file
 * here made absolute, since hosts start servers from their own folder with a PATH of their own.
 */
export function toServerEntry(
  rest: readonly string[] | undefined,
  options: { url?: string | undefined; header: readonly string[]; env: readonly string[] },
  env: NodeJS.ProcessEnv = process.env,
): ServerEntry {
  if (options.url !== undefined) {
    if (rest !== undefined) throw new HostError("HOST_USAGE", "Give the server one way: -- COMMAND [ARGS]... or --url URL, not both.");
    if (options.env.length) throw new HostError("HOST_USAGE", "--env is for a stdio server (-- COMMAND); an HTTP server's environment is where it runs.");
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      throw new HostError("HOST_USAGE", `--url "${options.url}" is not a URL.`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new HostError("HOST_USAGE", `--url must be an http or https URL, not "${options.url}".`);
    return { kind: "http", url: url.href, headers: parseHeaders(options.header) };
  }
  if (rest === undefined || rest.length === 0)
    throw new HostError("HOST_USAGE", "Which server? Give -- COMMAND [ARGS]... (typemcp install claude-desktop -- node dist/towns.js) or --url URL.");
  if (options.header.length) throw new HostError("HOST_USAGE", "--header is for an HTTP server (--url).");
  const [command, ...args] = rest as [string, ...string[]];
  return {
    kind: "stdio",
    command: onPath(command, env),
    // A module name (`python -m pkg`) stays a name, even where a folder of that name is here.
    args: args.map((arg, i) => (!arg.startsWith("-") && args[i - 1] !== "-m" && fs.existsSync(arg) ? path.resolve(arg) : arg)),
    env: variables(options.env),
  };
}

// A command with a path is made absolute; a bare one is looked up on PATH, as a shell would.
function onPath(command: string, env: NodeJS.ProcessEnv): string {
  if (command.includes("/") || command.includes("\\")) return path.resolve(command);
  const found = findOnPath(command, env);
  if (found === undefined) throw new HostError("HOST_USAGE", `"${command}" is not on PATH: give the command's full path.`);
  return found;
}

// An environment variable's value is exactly what follows "=".
function variables(given: readonly string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of given) {
    const at = item.indexOf("=");
    if (at <= 0) throw new HostError("HOST_USAGE", `--env takes NAME=VALUE, not "${item}".`);
    result[item.slice(0, at)] = item.slice(at + 1);
  }
  return result;
}
