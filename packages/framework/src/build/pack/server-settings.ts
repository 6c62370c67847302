import path from "node:path";
import { HostError } from "../../errors/host-error.js";
import type ts from "../schema/typescript.cjs";

/** An environment variable the server reads: a setting a host asks its user for. */
export interface ServerSetting {
  name: string;
  description: string;
  /** A token, key, secret or password: hosts keep it hidden. */
  secret: boolean;
  required: boolean;
}

/** How package.json describes a variable: `"typemcp": { "env": { "NAME": "what it is" | { description, required, secret } } }`. */
export type DeclaredSettings = Record<string, string | { description?: string; required?: boolean; secret?: boolean }>;

// `process.env.NAME`, `env.NAME`, `env["NAME"]`: a variable named in the code.
const READ = /\benv(?:\.([A-Z][A-Z0-9_]*)|\[\s*["']([A-Z][A-Z0-9_]*)["']\s*\])/g;
// typemcp's own settings (transport, limits, auth) and the runtime's: not the server's to declare.
const NOT_THE_SERVERS = /^(MCP_|NODE_|REDIS_URL$|TYPEMCP_)/;

// What a shell, an MCPB host and the MCP Registry all take as a variable name.
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Throws a HostError naming the first variable of package.json `typemcp.env` whose name is no
 * environment variable name (letters, digits and `_`, not starting with a digit): a name with a
 * newline or `=` in it would end up in a host's configuration as something else.
 */
export function assertSettingNames(declared: DeclaredSettings = {}): void {
  for (const name of Object.keys(declared)) {
    if (!VARIABLE_NAME.test(name)) {
      throw new HostError(
        "HOST_USAGE",
        `package.json "typemcp.env" names ${JSON.stringify(name)}, which is no environment variable name: use letters, digits and _, not starting with a digit.`,
      );
    }
  }
}

/**
 * The environment variables the author's code reads (`sources`, its TypeScript files), in order
 * of first use, with a description each: from package.json `typemcp.env` where given, else the
 * comment that names it (nearest before its first use, else after), else where it is read. Variables declared
 * in package.json and never seen in the code are included too.
 */
export function findServerSettings(sources: Iterable<ts.SourceFile>, declared: DeclaredSettings = {}, packageDir = process.cwd()): ServerSetting[] {
  assertSettingNames(declared);
  const found = new Map<string, ServerSetting>();
  for (const source of sources) {
    if (source.fileName.includes(`${path.sep}node_modules${path.sep}`) || source.isDeclarationFile) continue;
    const text = source.text;
    for (const match of text.matchAll(READ)) {
      const name = (match[1] ?? match[2])!;
      if (NOT_THE_SERVERS.test(name) || found.has(name)) continue;
      const { line } = source.getLineAndCharacterOfPosition(match.index);
      const where = `${path.relative(packageDir, source.fileName)}:${line + 1}`;
      found.set(name, {
        name,
        description: commentNaming(text, name, match.index) ?? `Read by the server (${where}).`,
        secret: isSecret(name),
        required: false,
      });
    }
  }
  for (const [name, entry] of Object.entries(declared)) {
    const given = typeof entry === "string" ? { description: entry } : entry;
    const seen = found.get(name) ?? { name, description: `Read by the server.`, secret: isSecret(name), required: false };
    found.set(name, {
      name,
      description: given.description ?? seen.description,
      secret: given.secret ?? seen.secret,
      required: given.required ?? seen.required,
    });
  }
  return [...found.values()];
}

function isSecret(name: string): boolean {
  return /TOKEN|SECRET|PASSWORD|KEY|CREDENTIAL/.test(name);
}

// The comment in the file that names the variable, the nearest before `at` (else the first after
// it): its text, without comment marks.
function commentNaming(text: string, name: string, at: number): string | undefined {
  const comments = [...text.matchAll(/\/\*\*?([\s\S]*?)\*\/|\/\/(.*)/g)].filter((m) => (m[1] ?? m[2] ?? "").includes(name));
  const last = comments.filter((m) => m.index < at).at(-1) ?? comments[0];
  if (!last) return undefined;
  const body = (last[1] ?? last[2] ?? "")
    .replace(/^\s*\*\s?/gm, "")
    .replace(/\s+/g, " ")
    .trim();
  return body.length > 300 ? `${body.slice(0, 299)}…` : body;
}
