import { isLoopback, type ResolvedHttpOptions } from "./http-options.js";
import { isPlainAnswer, type PlainAnswer } from "./plain-answer.js";

/** A refused request: status and a message that says how to fix it. */
export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/**
 * DNS-rebinding protection: a browser page on a hostile name that resolves to this machine
 * still sends its own name as `Host` and its own `Origin`, so both are checked against what
 * this server is known as. Both checks are exact: a Host name must be in the allow-list; an
 * Origin must be listed (scheme, name and port, as the browser sends it) or, on a loopback
 * bind, be `http(s)://` + a loopback address (`localhost`, `::1`, 127.0.0.0/8) on any port.
 */
export function checkHostAndOrigin(
  hostHeader: string | undefined,
  origin: string | undefined,
  options: Pick<ResolvedHttpOptions, "allowedHosts" | "allowedOrigins" | "host">,
): Refusal | undefined {
  const host = hostnameOf(hostHeader);
  if (!host || !options.allowedHosts.includes(host)) {
    return {
      status: 403,
      message: `Host "${clip(hostHeader ?? "")}" is not allowed. Behind a reverse proxy or on a public address, start the server with --allowed-hosts ${clip(host ?? "") || "<name>"} (or MCP_ALLOWED_HOSTS).`,
    };
  }
  if (origin === undefined || isAllowedOrigin(origin, options)) return undefined;
  return {
    status: 403,
    message: `Origin "${clip(origin)}" is not allowed. To accept browser requests from it, start the server with --allowed-origins ${clip(origin)} (or MCP_ALLOWED_ORIGINS).`,
  };
}

/** Whether a browser page at `origin` may call this server. */
export function isAllowedOrigin(origin: string, options: Pick<ResolvedHttpOptions, "allowedOrigins" | "host">): boolean {
  if (options.allowedOrigins.includes("*")) return true;
  const normalized = normalizeOrigin(origin);
  if (normalized === undefined) return false;
  if (options.allowedOrigins.some((allowed) => normalizeOrigin(allowed) === normalized)) return true;
  const url = new URL(normalized);
  return isLoopback(options.host) && isLoopback(url.hostname.replace(/^\[|\]$/g, ""));
}

/**
 * CORS response headers for a request from an allowed `origin`: the origin itself (never `*`,
 * so a listed origin can send Authorization), and the headers a browser client must read
 * (`Mcp-Session-Id` to continue its session, `WWW-Authenticate` to find its authorization server).
 */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Expose-Headers": "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate",
    Vary: "Origin",
  };
}

/** The extra headers of an answer to a CORS preflight (`OPTIONS`) from an allowed origin. */
export function preflightHeaders(): Record<string, string> {
  return {
    "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
    "Access-Control-Allow-Headers": "Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID",
    "Access-Control-Max-Age": "600",
  };
}

// The serialized form a browser sends: scheme://host[:port], lower case, default port left out.
function normalizeOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

// RFC 9110 `Host = uri-host [ ":" port ]`, read strictly: a name (letters, digits, dots,
// hyphens) or a bracketed IPv6 address, then nothing or a port number. Anything else
// (`localhost:evil`, `[::1]evil.com`) names no host at all, so it matches no allowed one.
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i;

function hostnameOf(hostHeader: string | undefined): string | undefined {
  const match = HOST_HEADER.exec(hostHeader ?? "");
  if (!match) return undefined;
  if (match[2] !== undefined && Number(match[2]) > 65535) return undefined;
  return match[1]!.toLowerCase();
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** `response` with the CORS headers of a request that named its origin (`corsHeaders`). */
export function withCors(response: Response | PlainAnswer, cors: Record<string, string>): Response | PlainAnswer {
  if (isPlainAnswer(response)) return { ...response, headers: { ...response.headers, ...lowerCased(cors) } };
  for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
  return response;
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return lower;
}
