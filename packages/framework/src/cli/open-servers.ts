import { show } from "./terminal-text.js";
import fs from "node:fs";
import { connectServer, type ServerConnection } from "../host/connect-server.js";
import type { ClientAnswers } from "../host/client-answers.js";
import { HostError } from "../errors/host-error.js";
import type { ProtocolChoice } from "../host/protocol-era.js";
import type { ServerSpec } from "../host/server-spec.js";
import { formatEraLine } from "./format-era-line.js";
import { formatWireLine } from "./format-wire-line.js";
import { openInBrowser } from "../host/open-in-browser.js";

/** A connected server under the name its tools are qualified with. */
export interface OpenServer {
  readonly name: string;
  readonly connection: ServerConnection;
}

/** Servers connected in parallel, the ones that failed, and a way to close them all. */
export interface OpenServers {
  readonly servers: OpenServer[];
  readonly failures: HostError[];
  closeAll(): Promise<void>;
}

/**
 * Connects to every spec at once (2026-07-28 by `server/discover` where the server speaks it, the
 * 2025-11-25 `initialize` handshake where not; then tools/list). A server without a name in its
 * spec is named after what it calls itself. With `verbose`, every JSON-RPC message, every
 * stderr line of the servers and every restart of one goes to stderr as it happens, and one line
 * per server says which protocol era it speaks. `answers` says how to answer what the servers
 * ask (elicitation, sampling, roots); `protocol` may pin an era.
 */
export async function openServers(
  specs: readonly ServerSpec[],
  options: { timeoutMs: number; verbose: boolean; protocol?: ProtocolChoice; answers?: ClientAnswers; watchLists?: boolean },
): Promise<OpenServers> {
  const log = (line: string) => show(process.stderr, `${line}\n`);
  const settled = await Promise.allSettled(
    specs.map((spec) =>
      connectServer(spec, {
        timeoutMs: options.timeoutMs,
        clientName: "typemcp",
        clientVersion: ownVersion(),
        ...(options.protocol && { protocol: options.protocol }),
        ...(options.answers && { answers: options.answers }),
        onLogin: (url) => announceLogin(spec, url),
        ...(options.watchLists && { watchLists: true }),
        ...(options.verbose && {
          onWire: (direction, message) => log(formatWireLine(new Date(), spec.name, direction, message)),
          onStderrLine: (line) => log(`${serverTag(spec)}stderr: ${line}`),
          onRestart: (why) => log(`${serverTag(spec)}restart: ${why}`),
        }),
      }),
    ),
  );
  const servers: OpenServer[] = [];
  const failures: HostError[] = [];
  const taken = new Set<string>();
  for (const outcome of settled) {
    if (outcome.status === "rejected") {
      if (!(outcome.reason instanceof HostError)) throw outcome.reason;
      failures.push(outcome.reason);
      continue;
    }
    const connection = outcome.value;
    const name = uniqueName(connection.spec.name ?? toServerName(connection.identity?.name), taken);
    servers.push({ name, connection });
    if (options.verbose) log(formatEraLine(name, connection.era, options.protocol));
  }
  const closeAll = async () => {
    await Promise.all(servers.map((server) => server.connection.close().catch(() => {})));
  };
  return { servers, failures, closeAll };
}

// A name a server gives itself ("mcp-servers/everything") may hold characters that would make
// qualified names awkward to type and invalid for model providers.
function toServerName(name: string | undefined): string {
  return name?.replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^_+|_+$/g, "") || "server";
}

function uniqueName(name: string, taken: Set<string>): string {
  let unique = name;
  for (let n = 2; taken.has(unique); n++) unique = `${name}_${n}`;
  taken.add(unique);
  return unique;
}

let version: string | undefined;
function ownVersion(): string {
  if (version === undefined) {
    try {
      const manifest = JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: unknown };
      version = typeof manifest.version === "string" ? manifest.version : "0.0.0";
    } catch {
      version = "0.0.0";
    }
  }
  return version;
}

// What starts a --verbose line about one server: `[name] `, or nothing for an unnamed one.
function serverTag(spec: ServerSpec): string {
  return spec.name === undefined ? "" : `[${spec.name}] `;
}

// The URL always goes to stderr (stdout carries the command's output); a browser is opened only
// for a person at a terminal, never in CI or when the output is piped.
function announceLogin(spec: ServerSpec, url: URL): void {
  process.stderr.write(`${serverTag(spec)}log in: open ${url.href}\n`);
  if (process.stdin.isTTY && process.stderr.isTTY && !process.env.CI) openInBrowser(url.href);
}
