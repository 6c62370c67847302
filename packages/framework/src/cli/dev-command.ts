import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BuildError } from "../errors/build-error.js";
import { fileURLToPath } from "node:url";
import { devBuild, devEntryOf, unwatchedFolders } from "../build/dev-build.js";
import { ProjectSession } from "../build/schema/project-session.js";
import { describeChanges, toServedDefinitions, type ServedDefinitions } from "./describe-changes.js";
import { DevServerProcess } from "./dev-server-process.js";
import { closestName } from "../serve/closest-name.js";
import { formatBuildFailure } from "./format-build-failure.js";
import { watchSources } from "./watch-sources.js";
import type { PreviewServer } from "../preview/preview-server.js";

/** The MCP Inspector `--inspect` runs, pinned like every other dependency. */
const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
// A view's styles are sources too: a change to one rebuilds its page; so is any file of a skill.
const WATCHED = /\.(?:[cm]?ts|tsx|json|css)$|[\\/]skills[\\/]/;

/**
 * `typemcp dev [entry] [--project tsconfig.json] [--http [--port N]] [--view [--view-port N]] [--inspect] [-- server args]`:
 * builds, runs the server, and on every source change rebuilds incrementally, says what changed
 * and restarts it. A failed rebuild prints its errors and leaves the last good server running,
 * as does a new server that fails to start (its error output shown, and said so). `--view` serves
 * the server over HTTP and the `typemcp view` page beside it, which reloads after every rebuild.
 * Returns the exit code when it stops.
 */
export async function runDev(args: readonly string[]): Promise<number> {
  const split = args.indexOf("--");
  const own = split === -1 ? args : args.slice(0, split);
  const serverArgs = split === -1 ? [] : args.slice(split + 1);
  const project = path.resolve(valueOf(own, "--project", "-p") ?? "tsconfig.json");
  const view = own.includes("--view");
  // The preview page reaches the server as a second client: over HTTP, beside the host's.
  const http = own.includes("--http") || view;
  // With --view alone the server is only the page's: any free port, not the default 3000.
  const port = valueOf(own, "--port") ?? (view && !own.includes("--http") ? "0" : undefined);
  // Checked before anything starts, so a usage error reads as one, also before the Inspector opens.
  const wrong = unknownOption(own) ?? missingEntry(project, positional(own));
  if (wrong) {
    process.stderr.write(`typemcp dev: ${wrong}\n`);
    return 2;
  }
  if (own.includes("--port") && !http) {
    process.stderr.write("typemcp dev: --port is for HTTP: add --http (typemcp dev --http --port N).\n");
    return 2;
  }
  if (own.includes("--inspect"))
    return runUnderInspector(
      own.filter((a) => a !== "--inspect"),
      serverArgs,
      http,
    );
  const say = (line: string) => process.stderr.write(`typemcp dev: ${line}\n`);

  const session = new ProjectSession(project);
  let served: ServedDefinitions;
  try {
    served = await build(session);
  } catch (error) {
    for (const line of formatBuildFailure(error)) process.stderr.write(`${line}\n`);
    return error instanceof BuildError ? error.exitCode : 1;
  }
  const entry = devEntryOf(project, positional(own));
  const server = new DevServerProcess({
    entry,
    args: [...(http ? ["--http"] : []), ...serverArgs],
    ...(port === undefined ? {} : { port }),
    stdio: !http,
    onStderr: (line) => process.stderr.write(`${line}\n`),
  });
  const changed = new Set<string>();
  // The page starts with the first server that runs, and reloads with each one after it.
  let preview: PreviewServer | undefined;
  const showViews = async () => {
    if (!view || !server.url) return;
    if (preview) return preview.reload().catch((error: unknown) => void say(`the view page could not reconnect: ${String(error)}`));
    preview = await openPreview(server.url, valueOf(own, "--view-port"), say).catch((error: unknown) => {
      say(`the view page could not start: ${String(error)}`);
      return undefined;
    });
  };
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const rebuild = async () => {
    const files = [...changed];
    changed.clear();
    const started = performance.now();
    session.invalidate(files);
    let next: ServedDefinitions;
    try {
      next = await build(session);
    } catch (error) {
      for (const line of describeFailure(error)) process.stderr.write(`${line}\n`);
      say("rebuild failed; the last good server keeps running");
      return;
    }
    const changes = describeChanges(served, next);
    const built = performance.now();
    const restart = await server.restart();
    const names = files.map((f) => path.relative(process.cwd(), f)).join(", ");
    if (!restart.started) {
      const fallback = server.serving ? "the last good server keeps running" : "no server is running until a save fixes it";
      say(`${names} changed; rebuilt, but the new server failed to start (${restart.reason}; its error is above); ${fallback}`);
      return;
    }
    served = next;
    await showViews();
    const ms = (from: number, to: number) => Math.round(to - from);
    const done = performance.now();
    say(
      `${names} changed; rebuilt and restarted in ${ms(started, done)} ms ` +
        `(build ${ms(started, built)} ms, restart ${ms(built, done)} ms)${changes.length ? "" : "; no definition changed"}`,
    );
    for (const line of changes) process.stderr.write(`  ${line}\n`);
  };
  const packageDir = path.dirname(project);
  const watcher = watchSources(packageDir, {
    ignored: unwatchedFolders(project),
    onChange: (file) => {
      if (!WATCHED.test(file)) return;
      changed.add(file);
      clearTimeout(timer);
      // Editors write a file in several steps; one rebuild per burst.
      timer = setTimeout(() => (running = running.then(rebuild).catch((error: unknown) => void say(`rebuild failed: ${String(error)}`))), 30);
    },
  });

  const first = server.restart();
  running = first.then(() => undefined);
  const start = await first;
  if (start.started) say(`serving ${path.relative(process.cwd(), entry)}${server.url ? ` at ${server.url}` : " over stdio"}; watching for changes`);
  else say(`the server failed to start (${start.reason}; its error is above); watching for changes`);
  if (start.started) await showViews();

  await new Promise<void>((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => resolve());
  });
  watcher.close();
  await preview?.close();
  await server.close();
  return 0;
}

async function openPreview(url: string, port: string | undefined, say: (line: string) => void) {
  const { startPreview } = await import("./view-command.js");
  const preview = await startPreview({ kind: "http", url }, { timeoutMs: 30_000, ...(port === undefined ? {} : { port: Number(port) }) });
  say(`views at ${preview.url} (reloaded on every rebuild)`);
  return preview;
}

function describeFailure(error: unknown): string[] {
  try {
    return formatBuildFailure(error);
  } catch {
    return [error instanceof Error ? (error.stack ?? error.message) : String(error)];
  }
}

async function build(session: ProjectSession): Promise<ServedDefinitions> {
  return toServedDefinitions(await devBuild(session));
}

/** Why no entry can be found when none is named (no package.json, or no "bin" in it), or undefined. */
function missingEntry(project: string, given: string | undefined): string | undefined {
  if (given) return fs.existsSync(given) ? undefined : noSuchEntry(given);
  const name = "name the entry file (typemcp dev src/server.ts)";
  const manifest = path.join(path.dirname(project), "package.json");
  if (!fs.existsSync(manifest)) return `${name}: there is no package.json beside ${path.basename(project)}.`;
  const { bin } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { bin?: string | Record<string, string> };
  return (typeof bin === "string" ? bin : Object.values(bin ?? {})[0]) ? undefined : `${name}: package.json has no "bin".`;
}

// A mistyped entry (`src/sever.ts`) reached the TypeScript API as a file of no program, which
// failed with a "Debug Failure" stack: say there is no such file, and which one is nearest.
function noSuchEntry(given: string): string {
  const dir = path.dirname(given);
  const near = fs.existsSync(dir) ? closestName(path.basename(given), fs.readdirSync(dir)) : undefined;
  return `there is no file ${given}${near ? `; did you mean ${path.join(dir, near)}?` : "."}`;
}

/** The options `typemcp dev` takes before `--`, and whether each takes a value. */
const DEV_OPTIONS: Readonly<Record<string, boolean>> = {
  "--project": true,
  "-p": true,
  "--http": false,
  "--port": true,
  "--view": false,
  "--view-port": true,
  "--inspect": false,
};

// An option `typemcp dev` does not take, in words with the nearest it does; undefined when all are known.
function unknownOption(own: readonly string[]): string | undefined {
  for (let i = 0; i < own.length; i++) {
    const arg = own[i]!;
    if (arg in DEV_OPTIONS) {
      if (DEV_OPTIONS[arg]) i++;
      continue;
    }
    if (!arg.startsWith("-")) continue;
    const near = closestName(arg, Object.keys(DEV_OPTIONS));
    return `unknown option ${arg}${near ? `; did you mean ${near}?` : "."} The server's own flags go after --; typemcp dev --help lists dev's.`;
  }
  return undefined;
}

// Runs `typemcp dev` itself under the Inspector: the Inspector keeps one session with the dev
// relay, which restarts the server behind it.
async function runUnderInspector(own: readonly string[], serverArgs: readonly string[], http: boolean): Promise<number> {
  if (http) {
    process.stderr.write("typemcp dev: --inspect runs over stdio; drop --http (or open the Inspector at the HTTP URL yourself).\n");
    return 2;
  }
  const cli = fileURLToPath(new URL("../../bin/typemcp.js", import.meta.url));
  const child = spawn("npx", ["-y", INSPECTOR, process.execPath, cli, "dev", ...own, ...(serverArgs.length ? ["--", ...serverArgs] : [])], {
    stdio: "inherit",
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
}

function valueOf(args: readonly string[], ...flags: string[]): string | undefined {
  const i = args.findIndex((a) => flags.includes(a));
  return i === -1 ? undefined : args[i + 1];
}

function positional(args: readonly string[]): string | undefined {
  const withValue = new Set(["--project", "-p", "--port", "--view-port"]);
  return args.find((a, i) => !a.startsWith("-") && !withValue.has(args[i - 1] ?? ""));
}
