import { show } from "./terminal-text.js";
import { checkToolPolicy } from "../host/tool-policy.js";
import type { Provider } from "../host/normalize-schema-for-provider.js";
import { qualifyName } from "../host/qualified-name.js";
import { ToolRouter } from "../host/tool-router.js";
import { HostError } from "../errors/host-error.js";
import { formatToolTable, type ToolRow } from "./format-tool-table.js";
import { openServers } from "./open-servers.js";
import type { ServerConnection } from "../host/connect-server.js";
import { parseArgs } from "./parse-options.js";
import { readPolicy, readProtocol, readTimeout, readServerSpecs, SERVER_OPTIONS } from "./server-options.js";
import { runHostCommand } from "./run-host-command.js";

const PROVIDERS: readonly Provider[] = ["anthropic", "openai-chat", "openai-responses", "gemini"];

/**
 * `typemcp list [names…] (--config mcp.json | --url URL | -- command…) [--json] [--provider P]`:
 * connects to each server, asks `tools/list`, and prints one table of every tool under its
 * qualified name, then the servers' skills (`skills/list`) when any has some. Returns the exit code: 0, or 3 when a server failed (the others are listed).
 */
export function runList(argv: readonly string[]): Promise<number> {
  return runHostCommand(async () => {
    const { options, positionals, rest } = parseArgs(argv, { ...SERVER_OPTIONS, provider: "string" }, "list");
    const provider = options.provider as Provider | undefined;
    if (provider !== undefined && !PROVIDERS.includes(provider)) {
      throw new HostError("HOST_USAGE", `--provider takes ${PROVIDERS.join(", ")}; got "${provider}".`);
    }
    const specs = readServerSpecs(options, positionals, rest);
    const policy = readPolicy(options);
    const opened = await openServers(specs, { timeoutMs: readTimeout(options), verbose: options.verbose, protocol: readProtocol(options) });
    try {
      const rows: ToolRow[] = opened.servers.flatMap(({ name, connection }) =>
        connection.tools.map((tool) => ({ qualifiedName: qualifyName(name, tool.name), server: name, tool })),
      );
      const allowed = rows.filter((row) => checkToolPolicy(row.qualifiedName, policy) === undefined);
      if (provider !== undefined) {
        const servers = opened.servers.map(({ name, connection }) => ({ name, tools: connection.tools }));
        print(JSON.stringify(new ToolRouter(servers, { provider, policy }).tools(), null, 2));
      } else if (options.json) {
        print(
          JSON.stringify(
            allowed.map(({ qualifiedName, server, tool }) => ({ name: qualifiedName, server, tool })),
            null,
            2,
          ),
        );
      } else if (opened.servers.length) {
        print(allowed.length ? formatToolTable(allowed, process.stdout.isTTY && process.stdout.columns > 0 ? process.stdout.columns : undefined) : "No tools.");
        const skills = await listSkills(opened.servers);
        if (skills.length) print(`\nSkills:\n${skills.join("\n")}`);
      }
      for (const failure of opened.failures) show(process.stderr, `typemcp: ${failure.message}\n`);
      return opened.failures.length ? Math.max(...opened.failures.map((f) => f.exitCode)) : 0;
    } finally {
      await opened.closeAll();
    }
  });
}

// One line a skill: the name a host would show (qualified by its server), its description, its URI.
async function listSkills(servers: readonly { name: string; connection: ServerConnection }[]): Promise<string[]> {
  const lines: string[] = [];
  for (const { name, connection } of servers) {
    for (const skill of await connection.listSkills()) {
      const description = skill.frontmatter.description.split("\n")[0];
      lines.push(`  ${qualifyName(name, skill.frontmatter.name)}  ${description}  (${skill.uri})`);
    }
  }
  return lines;
}

function print(text: string): void {
  show(process.stdout, `${text}\n`);
}
