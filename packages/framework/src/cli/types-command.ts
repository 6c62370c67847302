import fs from "node:fs";
import path from "node:path";
import { toToolDeclarations } from "../host/code-mode/tool-declarations.js";
import { checkToolPolicy } from "../host/tool-policy.js";
import { qualifyName } from "../host/qualified-name.js";
import { openServers } from "./open-servers.js";
import { parseArgs } from "./parse-options.js";
import { readPolicy, readProtocol, readTimeout, readServerSpecs, SERVER_OPTIONS } from "./server-options.js";
import { runHostCommand } from "./run-host-command.js";

/**
 * `typemcp types [names…] (--config mcp.json | --url URL | -- command…) [--out FILE]`: connects to
 * each server, asks `tools/list`, and writes TypeScript declarations for every tool (one
 * namespace per server) to stdout or `--out`. A host program imports them as types and calls the
 * tools through `createToolApi`, so a wrong call fails `tsc`. Exit 0, 2 (usage), 3 (a server failed:
 * nothing is written, since declarations missing a server would mislead).
 */
export function runTypes(argv: readonly string[]): Promise<number> {
  return runHostCommand(async () => {
    const { options, positionals, rest } = parseArgs(argv, { ...SERVER_OPTIONS, out: "string" }, "types");
    const specs = readServerSpecs(options, positionals, rest);
    const policy = readPolicy(options);
    const opened = await openServers(specs, { timeoutMs: readTimeout(options), verbose: options.verbose, protocol: readProtocol(options) });
    try {
      if (opened.failures.length) {
        for (const failure of opened.failures) process.stderr.write(`typemcp: ${failure.message}\n`);
        return Math.max(...opened.failures.map((f) => f.exitCode));
      }
      const servers = opened.servers.map(({ name, connection }) => ({
        name,
        tools: connection.tools.filter((tool) => checkToolPolicy(qualifyName(name, tool.name), policy) === undefined),
      }));
      const described = servers.map((s) => `${s.name} (${s.tools.length} tools)`).join(", ");
      const header = [
        `// MCP tools as TypeScript, written by \`typemcp types\` from ${described}.`,
        "// Call them through createToolApi from typemcp/host:",
        '//   import type * as Tools from "./this-file.js";',
        "//   const api = createToolApi<typeof Tools>(servers);",
        "",
      ].join("\n");
      const text = `${header}${toToolDeclarations(servers, { style: "module" }).text}`;
      if (options.out === undefined) process.stdout.write(text);
      else {
        fs.mkdirSync(path.dirname(path.resolve(options.out)), { recursive: true });
        fs.writeFileSync(options.out, text);
        process.stderr.write(`typemcp: wrote ${options.out}: ${described}.\n`);
      }
      return 0;
    } finally {
      await opened.closeAll();
    }
  });
}
