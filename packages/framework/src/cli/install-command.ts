import fs from "node:fs";
import path from "node:path";
import { HostError } from "../errors/host-error.js";
import { canonicalJson } from "../runtime/canonical-json.js";
import { closestName } from "../serve/closest-name.js";
import { editJson, editYaml } from "./install/config-edit.js";
import { HOST_CONFIGS, type HostConfig } from "./install/host-configs.js";
import { InstallLedger } from "./install/install-ledger.js";
import { toServerEntry } from "./install/resolve-server.js";
import type { ServerEntry } from "./install/server-entry.js";
import { connectServer } from "../host/connect-server.js";
import { readVersion } from "./cli-help.js";
import { parseArgs } from "./parse-options.js";

const HOSTS = HOST_CONFIGS.map((h) => h.id).join(", ");

/** `typemcp install --help`. */
export const INSTALL_USAGE = `Usage: typemcp install HOST... [--name NAME] [--env NAME=VALUE]... [--dry-run] (-- COMMAND [ARGS]... | --url URL [--header "Name: value"]...)
       typemcp uninstall HOST... --name NAME [--dry-run]

Write the server into each host's own config (its user-wide file), or take it out again. The hosts:
  ${HOSTS}
A stdio server is started once first, as a host would: one that does not answer is written nowhere.
The change is shown, the file as it was is kept beside it (FILE.bak), and what was written is
recorded in ~/.typemcp/installed.json: install updates, and uninstall removes, only an entry it
wrote and nobody has changed since. A file with comments (JSONC) is left alone, saying so.

  -- COMMAND [ARGS]...   a stdio server: typemcp install claude-desktop cursor -- node dist/towns.js
                         (the command is looked up on PATH and files are made absolute, since a
                         host starts it from elsewhere)
  --url URL              a Streamable HTTP server; --header "Name: value" sends a header with it
  --name NAME            the name it is listed under (default: the name the server gives itself)
  --env NAME=VALUE       an environment variable for a stdio server (repeatable)
  --dry-run              show the change and write nothing
`;

const SPEC = { name: "string", env: "strings", url: "string", header: "strings", "dry-run": "boolean", help: "boolean" } as const;

/** `typemcp install …` and `typemcp uninstall …`: returns the process exit code. */
export async function runInstall(args: readonly string[], remove: boolean): Promise<number> {
  const command = remove ? "uninstall" : "install";
  try {
    const { options, positionals, rest } = parseArgs(
      args.map((a) => (a === "-h" ? "--help" : a)),
      SPEC,
      command,
    );
    if (options.help) {
      process.stdout.write(INSTALL_USAGE);
      return 0;
    }
    const hosts = positionals.map(hostOf);
    if (hosts.length === 0) throw new HostError("HOST_USAGE", `which host? Name one or more: ${HOSTS}.`);
    const server = remove ? undefined : toServerEntry(rest, options);
    // A stdio server is started once first, as a host would start it: one that does not answer
    // is not written anywhere, and it names itself.
    const checked = server?.kind === "stdio" ? await startOnce(server) : undefined;
    if (checked) process.stdout.write(`Checked: ${checked.name} ${checked.version} starts and lists ${checked.tools} tool(s).\n`);
    const name = options.name ?? (checked && nameOf(checked.name)) ?? (server && defaultName(server));
    if (name === undefined) throw new HostError("HOST_USAGE", "which server? Give --name: the name it was installed under.");
    if (!/^[\w.@-]{1,64}$/.test(name) || ["__proto__", "constructor", "prototype"].includes(name))
      throw new HostError("HOST_USAGE", `--name must be 1 to 64 letters, digits, or . _ @ - (and not a name JavaScript objects reserve), not "${name}".`);
    const ledger = new InstallLedger(process.env);
    let exitCode = 0;
    for (const host of hosts) {
      try {
        process.stdout.write(change(host, name, server, ledger, options["dry-run"]));
      } catch (error) {
        // A file the user cannot write (read-only, a folder in the way) is that host's failure, in words; the others go on.
        const failed = error instanceof HostError ? error : fileError(error);
        process.stderr.write(`typemcp ${command}: ${host.title}: ${failed.message}\n`);
        exitCode = Math.max(exitCode, failed.exitCode);
      }
    }
    return exitCode;
  } catch (error) {
    if (!(error instanceof HostError)) throw error;
    process.stderr.write(`typemcp ${command}: ${error.message}\n`);
    return error.exitCode;
  }
}

function hostOf(id: string): HostConfig {
  const host = HOST_CONFIGS.find((h) => h.id === id);
  if (host) return host;
  const near = closestName(
    id,
    HOST_CONFIGS.map((h) => h.id),
  );
  throw new HostError("HOST_USAGE", `unknown host "${id}"${near ? `; did you mean ${near}?` : ""} The hosts are ${HOSTS}.`);
}

// Started with only what a host passes (PATH, HOME and the like, and --env), not this shell's
// whole environment, so a server that needs more fails here rather than in the host.
async function startOnce(server: Extract<ServerEntry, { kind: "stdio" }>): Promise<{ name: string; version: string; tools: number }> {
  const connection = await connectServer(
    { kind: "stdio", command: server.command, args: server.args, env: server.env, inheritEnv: false },
    { timeoutMs: 30_000, clientName: "typemcp install", clientVersion: readVersion() },
  );
  try {
    return { name: connection.identity?.name ?? "", version: connection.identity?.version ?? "", tools: connection.tools.length };
  } finally {
    await connection.close();
  }
}

// The server's own name as a config key: "Massachusetts towns" → "Massachusetts-towns".
function nameOf(own: string): string | undefined {
  const name = own
    .trim()
    .replace(/[^\w.@-]+/g, "-")
    .slice(0, 64);
  return name === "" ? undefined : name;
}

// dist/towns.js → towns; a URL → its host name.
function defaultName(server: ServerEntry): string {
  if (server.kind === "http") return new URL(server.url).hostname.replace(/[^\w.-]/g, "-");
  const script = server.args.find((a) => /\.[cm]?[jt]s$/.test(a));
  return path.basename(script ?? server.command).replace(/\.[^.]*$/, "");
}

// One host's change: made (or only described, with `dryRun`), and said in lines to print.
function change(host: HostConfig, name: string, server: ServerEntry | undefined, ledger: InstallLedger, dryRun: boolean): string {
  const file = host.file(process.env, process.platform);
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
  const mine = ledger.find(host.id, file, name);
  const wanted = server && written(host, name, server);
  const edited = withEntryShown(() => editConfig(host, text, name, wanted, file), host, name, wanted);
  const unchangedSinceWritten = mine !== undefined && sameEntry(edited.previous, mine.written);
  if (server === undefined) {
    if (!mine) throw new HostError("HOST_USAGE", `typemcp did not install "${name}" into ${file}, so it leaves it alone.`);
    if (edited.previous === undefined) {
      if (!dryRun) ledger.forget(mine);
      return `${host.title}: "${name}" is no longer in ${file}; nothing to remove.\n`;
    }
    if (!unchangedSinceWritten) throw new HostError("HOST_USAGE", `"${name}" in ${file} has changed since typemcp wrote it: remove it there by hand.`);
  } else if (edited.previous !== undefined) {
    if (sameEntry(edited.previous, wanted)) return `${host.title}: "${name}" is already in ${file} as given; nothing to change.\n`;
    if (!unchangedSinceWritten)
      throw new HostError(
        "HOST_USAGE",
        `${file} already lists "${name}", which typemcp did not write: choose another --name, or remove that entry there first.`,
      );
  }
  const verb = server === undefined ? "remove" : edited.previous === undefined ? "add" : "update";
  const lines = [`${host.title}: ${dryRun ? `would ${verb}` : `${verb === "add" ? "added" : `${verb}d`}`} "${name}" in ${file}`];
  if (edited.previous !== undefined) lines.push(`  - ${shown(edited.previous)}`);
  if (wanted !== undefined) lines.push(`  + ${shown(wanted)}`);
  if (!dryRun) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // The backup keeps the file's mode (a config may hold tokens); a new config is the user's alone.
    if (text !== undefined) fs.copyFileSync(file, `${file}.bak`);
    fs.writeFileSync(file, edited.text, { mode: 0o600 });
    try {
      if (server === undefined) ledger.forget(mine!);
      else ledger.record({ host: host.id, file, name, written: wanted });
    } catch (error) {
      throw new HostError(
        "HOST_USAGE",
        `${file} is written, but what typemcp wrote could not be recorded (${fileError(error).message}): ${server ? "uninstall will not recognise it" : "a later install will take it for someone else's"}.`,
      );
    }
    if (text !== undefined) lines.push(`  the file as it was: ${file}.bak`);
    lines.push(`  ${host.reload}.`);
  }
  return `${lines.join("\n")}\n`;
}

// A file typemcp leaves alone (comments, another shape) says what to add by hand.
function withEntryShown<T>(edit: () => T, host: HostConfig, name: string, entry: unknown): T {
  try {
    return edit();
  } catch (error) {
    if (!(error instanceof HostError) || entry === undefined) throw error;
    const shownEntry = host.format === "yaml" ? `under ${host.key}:\n${entry}` : `under "${host.key}": ${JSON.stringify({ [name]: entry }, null, 2)}`;
    throw new HostError(error.code, `${error.message}\n  The entry, to add by hand ${shownEntry}`);
  }
}

function fileError(error: unknown): HostError {
  const { code, path: where } = error as { code?: string; path?: string };
  if (typeof code !== "string") throw error;
  return new HostError("HOST_USAGE", `cannot write ${where ?? "the config"} (${code}).`);
}

// The entry as it goes into the file: a JSON value, or Goose's one YAML line.
function written(host: HostConfig, name: string, server: ServerEntry): unknown {
  const entry = host.entry(server);
  if ("cannot" in entry) throw new HostError("HOST_USAGE", `${entry.cannot}.`);
  return host.format === "yaml" ? `  ${gooseKey(name)}: ${JSON.stringify({ name, ...entry })}` : entry;
}

function editConfig(host: HostConfig, text: string | undefined, name: string, entry: unknown, file: string) {
  if (host.format === "yaml") return editYaml(text, host.key, gooseKey(name), entry as string | undefined, file);
  // Taking out an entry the file does not hold edits nothing: `change` writes only when `previous` is there.
  return editJson(text, host.key, name, entry, file);
}

// Goose keeps an extension under its name lowercased, anything but a letter, digit or _ made _.
const gooseKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9_]/g, "_");
const sameEntry = (a: unknown, b: unknown) => (typeof a === "string" || typeof b === "string" ? a === b : canonicalJson(a) === canonicalJson(b));
const shown = (entry: unknown) => (typeof entry === "string" ? entry.trim() : JSON.stringify(entry));
