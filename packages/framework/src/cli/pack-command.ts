import path from "node:path";
import { HostError } from "../errors/host-error.js";
import { formatBuildFailure } from "./format-build-failure.js";
import { parseArgs } from "./parse-options.js";
import { REGISTRY_NAME_HINT } from "../build/pack/host-manifests.js";
import { packPackage } from "../build/pack/pack-package.js";

/** `typemcp pack --help`. */
export const PACK_USAGE = `Usage: typemcp pack [--project tsconfig.json] [--entry src/server.ts] [--out DIR]

Package a built server for hosts to install, from its package.json and what the build derives:
  NAME-VERSION.mcpb  an MCP Bundle (Claude Desktop and other hosts): a zip of the built server
                     with a manifest.json listing the tools its entry serves, and a user
                     setting for each environment variable that code reads (described in
                     package.json "typemcp": { "env": { "NAME": "what it is" } }, else by its
                     comment)
  server.json        its entry for the MCP Registry: the npm package, run over stdio, and the
                     same variables (named by package.json "mcpName", e.g. io.github.you/server;
                     without one, or a GitHub "repository", only the bundle is written)
Run typemcp build first: the bundle holds dist/ as built. It carries only the package's own
files (a path or symbolic link leading out of it is refused) and leaves out secrets: .env and
.env.* files, .npmrc and other credentials files, SSH keys, key stores and private keys, each
named on stderr. Both files are written directly in --out.

  --project, -p FILE   the tsconfig.json of the server (default: tsconfig.json)
  --entry FILE         the entry point, if the package has several
  --out DIR            where to write both files (default: the package folder)
`;

const SPEC = { project: "string", entry: "strings", out: "string", help: "boolean" } as const;

/** `typemcp pack …`: returns the process exit code. */
export async function runPack(args: readonly string[]): Promise<number> {
  try {
    const { options, positionals } = parseArgs(
      args.map((a) => (a === "-p" ? "--project" : a === "-h" ? "--help" : a)),
      SPEC,
      "pack",
    );
    if (options.help) {
      process.stdout.write(PACK_USAGE);
      return 0;
    }
    if (positionals.length) throw new HostError("HOST_USAGE", `typemcp pack takes no arguments (got "${positionals.join(" ")}").`);
    const packed = await packPackage({
      project: options.project ?? "tsconfig.json",
      ...(options.entry ? { entry: options.entry } : {}),
      ...(options.out ? { out: options.out } : {}),
      onLeftOut: (file) =>
        process.stderr.write(
          file.kind === "secret"
            ? `typemcp pack: left out ${file.name} (${file.reason}): a bundle carries no secrets.\n`
            : `typemcp pack: left out ${file.name}: ${file.reason}.\n`,
        ),
    });
    const { settings, bundle, registry } = packed;
    console.log(`typemcp pack: ${packed.tools} tool(s), ${settings.length} setting(s)${settings.length ? ` (${settings.map((s) => s.name).join(", ")})` : ""}`);
    console.log(`  → ${path.relative(process.cwd(), bundle.file)} (${bundle.files} files, ${(bundle.bytes / 1024).toFixed(0)} KiB)`);
    if (registry) console.log(`  → ${path.relative(process.cwd(), registry.file)} (${registry.name})`);
    else process.stderr.write(`typemcp pack: no server.json for the MCP Registry, which names a server in reverse DNS: ${REGISTRY_NAME_HINT}.\n`);
    return 0;
  } catch (error) {
    if (error instanceof HostError) {
      process.stderr.write(`typemcp pack: ${error.message}\n`);
      return error.exitCode;
    }
    for (const line of formatBuildFailure(error)) console.error(line);
    return 1;
  }
}
