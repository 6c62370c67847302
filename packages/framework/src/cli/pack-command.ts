import fs from "node:fs";
import path from "node:path";
import { HostError } from "../host/host-error.js";
import { formatBuildFailure } from "./format-build-failure.js";
import { parseArgs } from "./parse-options.js";
import { assertBundleFields, REGISTRY_NAME_HINT, toMcpbManifest, toRegistryEntry, type PackageManifest } from "../build/pack/host-manifests.js";
import { assertSettingNames, findServerSettings, type DeclaredSettings } from "../build/pack/server-settings.js";
import { bundleContents } from "../build/pack/bundle-contents.js";
import { writeInFolder } from "../build/pack/write-in-folder.js";
import { zipFiles } from "../build/pack/zip-files.js";

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
    const project = options.project ?? "tsconfig.json";
    const packageDir = path.dirname(path.resolve(project));
    const pkg = readPackageJson(packageDir);
    // What package.json lacks and a missing build are said before the type-check and derivation,
    // which take seconds: neither needs them.
    assertBundleFields(pkg);
    assertSettingNames(pkg.typemcp?.env);
    // The compiler and the schema generator load only now: a second or more on a slow machine.
    const { assertBuilt } = await import("../build/pack/assert-built.js");
    assertBuilt(project);
    // Reading the files is quick too, and refuses a link or path that leads out of the package.
    const { entries: files, leftOut } = bundleContents(packageDir, pkg.files);
    const [{ buildProject }, { findEntries }, { filesLoadedBy }] = await Promise.all([
      import("../build/schema/build-project.js"),
      import("../build/bundle/find-entries.js"),
      import("../build/pack/files-loaded-by.js"),
    ]);
    // Emitted in memory only: entry discovery works on the emitted files, which are not written.
    const result = buildProject({ project, inMemory: true });
    const [entry] = findEntries({ packageDir, program: result.program, sources: result.sources, explicit: options.entry ?? [] });
    if (!entry) throw new HostError("HOST_USAGE", "no entry point: call serve() in a file, or name it with --entry.");
    if (!fs.existsSync(entry)) throw new HostError("HOST_USAGE", `${path.relative(process.cwd(), entry)} is not built yet: run typemcp build first.`);
    // The manifest lists what the entry serves: the components of the files it loads, not every
    // file the tsconfig compiles.
    const loaded = filesLoadedBy(entry, result.outputs, result.sources, result.program.getCompilerOptions());
    const loadedNames = new Set([...loaded].map((source) => source.fileName));
    const tools = result.components
      .filter((c) => c.kind === "tool" && loadedNames.has(c.file))
      .map((c) => ({ name: c.name, description: c.definition.description }));
    const settings = findServerSettings(loaded, pkg.typemcp?.env, packageDir);
    const entryInBundle = path.relative(packageDir, entry).split(path.sep).join("/");
    const manifest = toMcpbManifest(pkg, entryInBundle, tools, settings);
    // A bundle needs no registry name: without one, the bundle is written and server.json is not.
    const registry = toRegistryEntry(pkg, settings);
    const out = path.resolve(options.out ?? packageDir);
    for (const file of leftOut) process.stderr.write(`typemcp pack: left out ${file.name} (${file.reason}): a bundle carries no secrets.\n`);
    const archive = zipFiles([{ name: "manifest.json", data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) }, ...files]);
    fs.mkdirSync(out, { recursive: true });
    const bundleFile = writeInFolder(out, `${String(manifest.name)}-${String(manifest.version)}.mcpb`, archive);
    if (registry) writeInFolder(out, "server.json", `${JSON.stringify(registry, null, 2)}\n`);
    console.log(`typemcp pack: ${tools.length} tool(s), ${settings.length} setting(s)${settings.length ? ` (${settings.map((s) => s.name).join(", ")})` : ""}`);
    console.log(`  → ${path.relative(process.cwd(), bundleFile)} (${files.length + 1} files, ${(archive.length / 1024).toFixed(0)} KiB)`);
    if (registry) console.log(`  → ${path.relative(process.cwd(), path.join(out, "server.json"))} (${String(registry.name)})`);
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

type PackedPackage = PackageManifest & { typemcp?: { env?: DeclaredSettings }; files?: string[] };

function readPackageJson(packageDir: string): PackedPackage {
  const file = path.join(packageDir, "package.json");
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as PackedPackage;
  } catch (error) {
    throw new HostError("HOST_USAGE", `cannot read ${path.relative(process.cwd(), file) || file}: ${(error as Error).message}`, { cause: error });
  }
}
