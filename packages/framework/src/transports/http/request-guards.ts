import type { IncomingMessage } from "node:http";
import { isLoopback, type ResolvedHttpOptions } from "./http-options.js";

/** A refused request: status and a message that says how to fix it. */
export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/**
 * DNS-rebinding protection: a browser page on a hostile name that resolves to this machine
 * still sends its own name as `Host` and its own `Origin`, so both are checked against what
 * this server is known as.
 */
export function checkHostAndOrigin(req: IncomingMessage, options: ResolvedHttpOptions): Refusal | undefined {
  const host = hostnameOf(req.headers.host);
  if (!host || !options.allowedHosts.includes(host)) {
    return {
      status: 403,
      message: `Host "${req.headers.host ?? ""}" is not allowed. Behind a reverse proxy or on a public address, start the server with --allowed-hosts ${host || "<name>"} (or MCP_ALLOWED_HOSTS).`,
    };
  }
  const origin = req.headers.origin;
  if (origin === undefined || options.allowedOrigins.includes("*") || options.allowedOrigins.includes(origin)) return undefined;
  let originHost: string;
  try {
    originHost = new URL(origin).hostname;
  } catch {
    return { status: 403, message: `Origin "${origin}" is not a valid origin.` };
  }
  if (isLoopback(options.host) && isLoopback(originHost.replace(/^\[|\]$/g, ""))) return undefined;
  return {
    status: 403,
    message: `Origin "${origin}" is not allowed. To accept browser requests from it, start the server with --allowed-origins ${origin} (or MCP_ALLOWED_ORIGINS).`,
  };
}

function hostnameOf(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  if (hostHeader.startsWith("[")) return hostHeader.slice(0, hostHeader.indexOf("]") + 1);
  return hostHeader.split(":")[0]?.toLowerCase();
}
