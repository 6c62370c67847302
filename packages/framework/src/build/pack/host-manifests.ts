import { HostError } from "../../errors/host-error.js";
import type { ServerSetting } from "./server-settings.js";

/** The package.json fields the manifests are written from. */
export interface PackageManifest {
  name?: string;
  version?: string;
  description?: string;
  author?: string | { name: string; email?: string; url?: string };
  license?: string;
  homepage?: string;
  repository?: string | { url?: string; directory?: string };
  keywords?: string[];
  /** The server's name in the MCP Registry (`io.github.owner/name`), which the registry checks against the npm package. */
  mcpName?: string;
}

/** A tool as a host lists it before installing: name and description. */
export interface ListedTool {
  name: string;
  description?: string;
}

/** The MCPB manifest version written. */
export const MCPB_MANIFEST_VERSION = "0.3";
/** The server.json schema the registry entry follows. */
export const SERVER_SCHEMA = "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json";

/**
 * The `manifest.json` of an MCP Bundle: the package's name, version, description and author, a
 * Node server started from `entry` (relative to the bundle), the tools the build derived, and a
 * user setting for each variable the server reads, passed to it as that variable.
 */
export function toMcpbManifest(
  pkg: PackageManifest,
  entry: string,
  tools: readonly ListedTool[],
  settings: readonly ServerSetting[],
  title?: string,
): Record<string, unknown> {
  const { name, version, description, author } = assertBundleFields(pkg);
  const repository = repositoryUrl(pkg);
  return {
    manifest_version: MCPB_MANIFEST_VERSION,
    name: bundleNameOf(name),
    ...(title ? { display_name: title } : {}),
    version,
    description,
    author,
    ...(repository ? { repository: { type: "git", url: repository } } : {}),
    ...(pkg.homepage ? { homepage: pkg.homepage } : {}),
    ...(pkg.license ? { license: pkg.license } : {}),
    ...(pkg.keywords?.length ? { keywords: pkg.keywords } : {}),
    server: {
      type: "node",
      entry_point: entry,
      mcp_config: {
        command: "node",
        args: [`\${__dirname}/${entry}`],
        ...(settings.length ? { env: Object.fromEntries(settings.map((s) => [s.name, `\${user_config.${s.name}}`])) } : {}),
      },
    },
    tools: tools.map((t) => ({ name: t.name, ...(t.description ? { description: t.description } : {}) })),
    ...(settings.length
      ? {
          user_config: Object.fromEntries(
            settings.map((s) => [
              s.name,
              { type: "string", title: s.name, description: s.description, required: s.required, ...(s.secret ? { sensitive: true } : {}) },
            ]),
          ),
        }
      : {}),
  };
}

// npm's rule for a package name (any case, as older packages have): an optional @scope/, then
// one name of URL-safe characters. No second slash, no name starting with a dot: so the bundle's
// file name, made from it, is one plain file name.
const PACKAGE_NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/i;
// Semantic versioning, as npm publishes and MCPB and the registry require.
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * The package.json fields every MCP Bundle needs, checked: a valid npm `name` (at most 214
 * characters), a semantic `version`, a `description` and an `author`. Throws a HostError naming
 * the first field that is missing or wrong. Cheap: `typemcp pack` calls it before it builds.
 */
export function assertBundleFields(pkg: PackageManifest): {
  name: string;
  version: string;
  description: string;
  author: { name: string; email?: string; url?: string };
} {
  const name = required(pkg, "name");
  if (name.length > 214 || !PACKAGE_NAME.test(name)) {
    throw new HostError(
      "HOST_USAGE",
      `package.json "name" is ${JSON.stringify(name)}, which is no npm package name: use "name" or "@scope/name" (letters, digits, - . _ ~; no other "/").`,
    );
  }
  const version = required(pkg, "version");
  if (!VERSION.test(version))
    throw new HostError("HOST_USAGE", `package.json "version" is ${JSON.stringify(version)}: a bundle needs a semantic version such as 1.0.0.`);
  const description = required(pkg, "description");
  const author = toAuthor(pkg.author);
  if (!author) throw new HostError("HOST_USAGE", 'an MCP Bundle names its author: add "author" to package.json (e.g. "Ada Lovelace <ada@example.com>").');
  return { name, version, description, author };
}

/** The name an MCP Bundle goes by: the package name without its scope. */
export function bundleNameOf(packageName: string): string {
  return packageName.replace(/^@[^/]+\//, "");
}

/** How to give a server its registry name, for the messages that need one. */
export const REGISTRY_NAME_HINT =
  'add "mcpName": "io.github.<you>/<server>" to package.json (the registry checks the npm package carries it), or a GitHub "repository"';

/**
 * The `server.json` that lists the server in the MCP Registry: its npm package, run over stdio,
 * and each variable it reads. `mcpName` from package.json names it, else `io.github.OWNER/NAME`
 * from a GitHub repository URL; with neither there is no entry (undefined): see
 * {@link REGISTRY_NAME_HINT}.
 */
export function toRegistryEntry(pkg: PackageManifest, settings: readonly ServerSetting[], title?: string): Record<string, unknown> | undefined {
  const name = required(pkg, "name");
  const version = required(pkg, "version");
  const repository = repositoryUrl(pkg);
  const owner = repository && /github\.com[/:]([^/]+)\//.exec(repository)?.[1];
  const mcpName = pkg.mcpName ?? (owner ? `io.github.${owner}/${name.replace(/^@[^/]+\//, "")}` : undefined);
  if (!mcpName) return undefined;
  const description = required(pkg, "description");
  return {
    $schema: SERVER_SCHEMA,
    name: mcpName,
    ...(title ? { title } : {}),
    // The registry takes at most 100 characters.
    description: description.length <= 100 ? description : `${description.slice(0, 99).replace(/\s+\S*$/, "")}…`,
    version,
    ...(repository?.includes("github.com") ? { repository: { url: repository.replace(/^git\+/, "").replace(/\.git$/, ""), source: "github" } } : {}),
    packages: [
      {
        registryType: "npm",
        identifier: name,
        version,
        transport: { type: "stdio" },
        ...(settings.length
          ? { environmentVariables: settings.map((s) => ({ name: s.name, description: s.description, isRequired: s.required, isSecret: s.secret })) }
          : {}),
      },
    ],
  };
}

function required(pkg: PackageManifest, field: "name" | "version" | "description"): string {
  const value = pkg[field];
  if (!value) throw new HostError("HOST_USAGE", `package.json has no "${field}", which hosts show when they install the server: add it.`);
  return value;
}

function toAuthor(author: PackageManifest["author"]): { name: string; email?: string; url?: string } | undefined {
  if (!author) return undefined;
  if (typeof author !== "string") return author;
  // npm's "Name <email> (url)" form.
  const match = /^([^<(]+?)\s*(?:<([^>]+)>)?\s*(?:\(([^)]+)\))?$/.exec(author.trim());
  if (!match) return { name: author };
  return { name: match[1]!, ...(match[2] ? { email: match[2] } : {}), ...(match[3] ? { url: match[3] } : {}) };
}

function repositoryUrl(pkg: PackageManifest): string | undefined {
  const url = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  if (!url) return undefined;
  return url.startsWith("github:") ? `https://github.com/${url.slice(7)}` : url;
}
