import fs from "node:fs";
import path from "node:path";
import { HostError } from "../../errors/host-error.js";
import { assertBundleFields, toMcpbManifest, toRegistryEntry, type PackageManifest } from "./host-manifests.js";
import { assertSettingNames, findServerSettings, type DeclaredSettings, type ServerSetting } from "./server-settings.js";
import { bundleContents, type LeftOutFile } from "./bundle-contents.js";
import { bundleFileOf } from "../bundle/bundle-file.js";
import { filesRunFrom } from "./files-run-from.js";
import type { ZipEntry } from "./zip-files.js";
import { writeInFolder } from "./write-in-folder.js";
import { zipFiles } from "./zip-files.js";

/** What `packPackage` packs: the server's tsconfig, its entry if it has several, and where to write. */
export interface PackOptions {
  project: string;
  entry?: readonly string[];
  out?: string;
  /** Told of each file left out of the bundle (a secret, or code the entry never runs), before anything is written. */
  onLeftOut(file: LeftOutFile): void;
}

/** What `packPackage` wrote. */
export interface PackedServer {
  tools: number;
  settings: ServerSetting[];
  /** The `.mcpb` file, its size in bytes and how many files it holds (the manifest included). */
  bundle: { file: string; bytes: number; files: number };
  /** The MCP Registry entry's file and name, when package.json names the server for the registry. */
  registry?: { file: string; name: string };
}

/**
 * `typemcp pack`'s steps: checks package.json and that the server is built, derives what the
 * entry serves, and writes the MCP Bundle (and the MCP Registry entry when the package has a
 * registry name). Throws a `HostError` for what the user must fix, a build error otherwise.
 */
export async function packPackage(options: PackOptions): Promise<PackedServer> {
  const { project } = options;
  const packageDir = path.dirname(path.resolve(project));
  const pkg = readPackageJson(packageDir);
  // What package.json lacks and a missing build are said before the type-check and derivation,
  // which take seconds: neither needs them.
  assertBundleFields(pkg);
  assertSettingNames(pkg.typemcp?.env);
  // The compiler and the schema generator load only now: a second or more on a slow machine.
  const { assertBuilt } = await import("./assert-built.js");
  assertBuilt(project);
  // Reading the files is quick too, and refuses a link or path that leads out of the package.
  const { entries: found, leftOut } = bundleContents(packageDir, pkg.files);
  const [{ buildProject }, { findEntries }, { filesLoadedBy }] = await Promise.all([
    import("../schema/build-project.js"),
    import("../bundle/find-entries.js"),
    import("./files-loaded-by.js"),
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
  const files = withoutCodeNotRun(found, leftOut, packageDir, entry, new Set(result.outputs.keys()), result.program.getCompilerOptions().outDir);
  const settings = findServerSettings(loaded, pkg.typemcp?.env, packageDir);
  const entryInBundle = path.relative(packageDir, entry).split(path.sep).join("/");
  const manifest = toMcpbManifest(pkg, entryInBundle, tools, settings);
  // A bundle needs no registry name: without one, the bundle is written and server.json is not.
  const registry = toRegistryEntry(pkg, settings);
  const out = path.resolve(options.out ?? packageDir);
  for (const file of leftOut) options.onLeftOut(file);
  const archive = zipFiles([{ name: "manifest.json", data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) }, ...files]);
  fs.mkdirSync(out, { recursive: true });
  const bundleFile = writeInFolder(out, `${String(manifest.name)}-${String(manifest.version)}.mcpb`, archive);
  const packed: PackedServer = { tools: tools.length, settings, bundle: { file: bundleFile, bytes: archive.length, files: files.length + 1 } };
  if (registry) {
    packed.registry = { file: writeInFolder(out, "server.json", `${JSON.stringify(registry, null, 2)}\n`), name: String(registry.name) };
  }
  return packed;
}

// JavaScript and declarations in the build's output folder that the entry never runs: tests
// compiled beside it, modules the bundle already holds, and files no source writes any more (an
// earlier build's, whose source was deleted or renamed). Each is told, with why: the bundle
// carries what the server runs and the files it reads (data, views), not whatever dist/ holds.
function withoutCodeNotRun(
  found: readonly ZipEntry[],
  leftOut: LeftOutFile[],
  packageDir: string,
  entry: string,
  emitted: ReadonlySet<string>,
  outDir: string | undefined,
): ZipEntry[] {
  const run = filesRunFrom(entry);
  // Unbundled (`--no-bundle`), the entry may load modules through aliases (tsconfig "paths",
  // package "imports") that only Node resolves: then only an earlier build's leftovers go.
  const bundled = fs.existsSync(bundleFileOf(entry));
  const folder = path.resolve(outDir ?? path.dirname(entry));
  const entryName = path.relative(packageDir, entry).split(path.sep).join("/");
  return found.filter(({ name }) => {
    const file = path.resolve(packageDir, name);
    if (!CODE.test(name) || run.has(file) || path.relative(folder, file).startsWith("..")) return true;
    if (!bundled && emitted.has(file)) return true;
    const reason = emitted.has(file) ? `${entryName} never runs it` : `no source file writes it now: an earlier build left it`;
    leftOut.push({ name, reason, kind: "not run" });
    return false;
  });
}

/** Built code and its declarations: what the entry's imports decide about. */
const CODE = /\.(?:[mc]?js|d\.[mc]?ts)$/;

type PackedPackage = PackageManifest & { typemcp?: { env?: DeclaredSettings }; files?: string[] };

function readPackageJson(packageDir: string): PackedPackage {
  const file = path.join(packageDir, "package.json");
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as PackedPackage;
  } catch (error) {
    throw new HostError("HOST_USAGE", `cannot read ${path.relative(process.cwd(), file) || file}: ${(error as Error).message}`, { cause: error });
  }
}
