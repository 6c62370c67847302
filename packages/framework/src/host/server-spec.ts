import type { ClientCredentials } from "./client-credentials-auth.js";
import type { LoginSettings } from "./login-auth.js";
import type { ServerTrust } from "./server-trust.js";
import type { PartTransforms } from "../runtime/mount/part-transforms.js";

/** How to reach one MCP server: a command to start over stdio, or a Streamable HTTP URL; and how far it is trusted. */
export type ServerSpec = (StdioServerSpec | HttpServerSpec) & {
  readonly trust?: ServerTrust;
  /** mcp.json `"code": true`: a chat offers this server's tools through code mode only. */
  readonly code?: boolean;
  /** mcp.json `"tools"`, `"prompts"`, `"resources"`: what a gateway changes when it mounts this server (`server.mount(name, connection, spec.transforms)`). */
  readonly transforms?: PartTransforms;
};

/** A server the host starts as a child process and talks to over stdin/stdout. */
export interface StdioServerSpec {
  readonly kind: "stdio";
  /** The name tools are qualified with; without one, the name the server gives in `initialize`. */
  readonly name?: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Variables set for the server on top of the base environment. */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /**
   * Whether the server inherits the host's whole environment (a command typed on the command
   * line) or only the safe defaults a host passes (PATH, HOME…) plus `env` (an mcp.json entry).
   */
  readonly inheritEnv: boolean;
}

/** A server already running, reached over Streamable HTTP. */
export interface HttpServerSpec {
  readonly kind: "http";
  readonly name?: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** OAuth client credentials, when the server wants an access token (`--client-id`, `--client-secret`, `--issuer`). */
  readonly oauth?: ClientCredentials;
  /** A person's OAuth login (authorization code with PKCE, loopback redirect), when the server wants one (`--login`). */
  readonly login?: LoginSettings;
}

/** How a spec reads in messages: the name, else the command line or URL. */
export function describeServer(spec: ServerSpec): string {
  if (spec.name !== undefined) return `"${spec.name}"`;
  return spec.kind === "http" ? spec.url : `"${[spec.command, ...spec.args].join(" ")}"`;
}
