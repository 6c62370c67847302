/**
 * The flags a built server takes (`node dist/server.js --http --port 3000`), and the check that
 * refuses any other: a mistyped `--htpp` used to be ignored, leaving a stdio server that seemed
 * to hang. What follows `--` is the server's own and never checked.
 */

import { taskLimitFlags } from "../runtime/tasks/task-limits.js";
import { closestName } from "./closest-name.js";

/** Each flag `serve()` reads, with the placeholder of its value (undefined: it takes none). */
export const SERVER_FLAGS: Readonly<Record<string, string | undefined>> = {
  "--http": undefined,
  "--stdio": undefined,
  "--port": "N",
  "--host": "ADDRESS",
  "--allowed-hosts": "LIST",
  "--allowed-origins": "LIST",
  "--stateless": undefined,
  "--max-sessions": "N",
  "--max-sessions-per-client": "N",
  "--max-listens": "N",
  "--max-listens-per-client": "N",
  "--listen-idle": "SECONDS",
  "--headers-timeout": "SECONDS",
  "--body-timeout": "SECONDS",
  "--redis": "URL",
  "--auth-issuer": "URL",
  "--auth-resource": "URL",
  "--api-keys": "FILE",
  "--auth-proxy": "URL",
  "--auth-proxy-client-id": "ID",
  "--auth-proxy-scopes": "LIST",
  "--auth-proxy-authorization-endpoint": "URL",
  "--auth-proxy-token-endpoint": "URL",
  "--auth-proxy-token-auth-method": "METHOD",
  "--auth-proxy-consent": undefined,
  "--trust-proxy": "HOPS|LIST",
  "--proxy-header": "NAME",
  "--ipv6-subnet": "BITS",
  "--list-ttl": "SECONDS",
  // From the table task-limits-from.ts reads them by, so a new limit is never refused as unknown.
  ...Object.fromEntries(taskLimitFlags()),
};

/**
 * The arguments that are typemcp's to read: those before a `--`. What follows it is the server's
 * own code's, so `node server.js -- --port 5` leaves the server's port alone.
 */
export function serverArguments(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf("--");
  return end === -1 ? argv : argv.slice(0, end);
}

/** Why `argv` (the arguments after the entry) holds a flag no server takes, in one line; undefined when all are known. */
export function findUnknownFlag(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") return undefined;
    if (!arg.startsWith("-") || arg === "-") continue;
    if (arg in SERVER_FLAGS) {
      if (SERVER_FLAGS[arg] !== undefined) i++;
      continue;
    }
    return describeUnknown(arg);
  }
  return undefined;
}

function describeUnknown(arg: string): string {
  const [name = arg, value] = arg.split(/=(.*)/s);
  if (value !== undefined && name in SERVER_FLAGS) {
    const fix = SERVER_FLAGS[name] === undefined ? name : `${name} ${value}`;
    return `unknown flag ${arg}: write ${fix}, with a space, not "=".`;
  }
  const near = closestName(name, Object.keys(SERVER_FLAGS));
  if (near) return `unknown flag ${arg}; did you mean ${near}? (a server's own flags go after --)`;
  const all = Object.entries(SERVER_FLAGS).map(([flag, placeholder]) => (placeholder ? `${flag} ${placeholder}` : flag));
  return `unknown flag ${arg}; a typemcp server takes ${all.join(", ")} (a server's own flags go after --).`;
}
