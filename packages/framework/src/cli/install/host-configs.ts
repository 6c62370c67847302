import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ServerEntry } from "./server-entry.js";

/** Where a host keeps its MCP servers, and how it spells one. */
export interface HostConfig {
  /** The name `typemcp install` takes: `claude-desktop`. */
  readonly id: string;
  /** How people call it: `Claude Desktop`. */
  readonly title: string;
  /** The config file, for the user (every project). */
  file(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string;
  /** JSON: the object key the servers are kept under; YAML (Goose): the mapping's key. */
  readonly key: string;
  readonly format: "json" | "yaml";
  /** The server as this host spells it; a reason when it cannot take this kind of server. */
  entry(server: ServerEntry): Record<string, unknown> | { cannot: string };
  /** What to do for the host to pick the change up. */
  readonly reload: string;
}

const home = (env: NodeJS.ProcessEnv) => env.HOME || env.USERPROFILE || os.homedir();

// Where an Electron app such as Claude Desktop or VS Code keeps its user files on each platform.
function appData(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, app: string): string {
  if (platform === "darwin") return path.join(home(env), "Library", "Application Support", app);
  if (platform === "win32") return path.join(env.APPDATA || path.join(home(env), "AppData", "Roaming"), app);
  return path.join(env.XDG_CONFIG_HOME || path.join(home(env), ".config"), app);
}

// Claude Desktop from the Microsoft Store package (its Windows installer since 2026) reads its
// config inside the package's folder, not from %APPDATA%.
function claudeDesktopFolder(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  if (platform === "win32" && env.LOCALAPPDATA) {
    const packages = path.join(env.LOCALAPPDATA, "Packages");
    const store = fs.existsSync(packages) ? fs.readdirSync(packages).find((name) => name.startsWith("Claude_")) : undefined;
    if (store) return path.join(packages, store, "LocalCache", "Roaming", "Claude");
  }
  return appData(env, platform, "Claude");
}

// The common shape (Claude, Cursor, Gemini CLI): command, args and env for stdio.
const stdioEntry = (server: Extract<ServerEntry, { kind: "stdio" }>) => ({
  command: server.command,
  args: server.args,
  ...(Object.keys(server.env).length ? { env: server.env } : {}),
});
const headersOf = (server: Extract<ServerEntry, { kind: "http" }>) => (Object.keys(server.headers).length ? { headers: server.headers } : {});
// The shape that names its `type` both ways (Claude Code, VS Code; Cursor's stdio, Gemini's HTTP).
const typedEntry = (server: ServerEntry) =>
  server.kind === "stdio" ? { type: "stdio", ...stdioEntry(server) } : { type: "http", url: server.url, ...headersOf(server) };

/** The hosts `typemcp install` writes to, by id. */
export const HOST_CONFIGS: readonly HostConfig[] = [
  {
    id: "claude-desktop",
    title: "Claude Desktop",
    file: (env, platform) => path.join(claudeDesktopFolder(env, platform), "claude_desktop_config.json"),
    key: "mcpServers",
    format: "json",
    entry: (server) =>
      server.kind === "stdio"
        ? stdioEntry(server)
        : { cannot: "Claude Desktop adds a remote (HTTP) server as a connector, in Settings › Connectors, not in its config file" },
    reload: "Quit and reopen Claude Desktop",
  },
  {
    id: "claude-code",
    title: "Claude Code",
    file: (env) => path.join(home(env), ".claude.json"),
    key: "mcpServers",
    format: "json",
    entry: typedEntry,
    reload: "Start a new Claude Code session",
  },
  {
    id: "cursor",
    title: "Cursor",
    file: (env) => path.join(home(env), ".cursor", "mcp.json"),
    key: "mcpServers",
    format: "json",
    entry: (server) => (server.kind === "stdio" ? typedEntry(server) : { url: server.url, ...headersOf(server) }),
    reload: "Cursor picks it up in Settings › MCP (restart Cursor if it does not)",
  },
  {
    id: "vscode",
    title: "VS Code",
    file: (env, platform) => path.join(appData(env, platform, "Code"), "User", "mcp.json"),
    key: "servers",
    format: "json",
    entry: typedEntry,
    reload: "VS Code lists it under MCP: List Servers (start it there)",
  },
  {
    id: "gemini",
    title: "Gemini CLI",
    file: (env) => path.join(home(env), ".gemini", "settings.json"),
    key: "mcpServers",
    format: "json",
    entry: (server) => (server.kind === "stdio" ? stdioEntry(server) : typedEntry(server)),
    reload: "Start Gemini CLI again (/mcp lists the servers)",
  },
  {
    id: "goose",
    title: "Goose",
    file: (env, platform) =>
      platform === "win32"
        ? path.join(env.APPDATA || path.join(home(env), "AppData", "Roaming"), "Block", "goose", "config", "config.yaml")
        : path.join(env.XDG_CONFIG_HOME || path.join(home(env), ".config"), "goose", "config.yaml"),
    key: "extensions",
    format: "yaml",
    entry: (server) =>
      server.kind === "stdio"
        ? { type: "stdio", cmd: server.command, args: server.args, envs: server.env, env_keys: [], enabled: true, timeout: 300, description: "" }
        : { type: "streamable_http", uri: server.url, headers: server.headers, envs: {}, env_keys: [], enabled: true, timeout: 300, description: "" },
    reload: "Start a new Goose session",
  },
];
