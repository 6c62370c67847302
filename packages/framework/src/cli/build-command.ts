import path from "node:path";
import { HostError } from "../errors/host-error.js";
import { BuildError } from "../errors/build-error.js";
import { buildPackage } from "../build/build-package.js";
import { formatWarning, type BuildWarning } from "../build/schema/build-warning.js";
import { PLATFORM_TARGETS, type PlatformTarget } from "../build/platform/platform-targets.js";
import { formatBuildFailure } from "./format-build-failure.js";
import { parseArgs } from "./parse-options.js";
import { closestName } from "../serve/closest-name.js";

/** `typemcp build --help`. */
export const BUILD_USAGE = `Usage: typemcp build [--project tsconfig.json] [--entry src/server.ts]... [--target platform]... [--check] [--no-bundle] [--external name]...

Type-check the server package, derive each @tool, @resource and @prompt method's schema from its
types and JSDoc, and write the JavaScript with the definitions built in. Each entry point is then
bundled into one self-contained file beside it (server.js → server.bundle.js), in the module
system Node reads it as, so the server runs with no dependencies installed; the entry starts the
bundle after turning on Node's compile cache (Node 22.1+). Nothing is written unless the whole
build succeeds.

Entry points: the --entry files; else package.json "typemcp": { "entry": "src/server.ts" };
else every file that calls serve(), every package.json "bin" target and every file starting #!.

  --project, -p FILE   the tsconfig.json to build (default: tsconfig.json)
  --entry FILE         an entry point (source or output file); repeatable
  --check              type-check and derive only; write nothing
  --no-bundle          write TypeScript's output as it is (every file must be runnable by Node)
  --external NAME      leave package NAME as an import (native addons); repeatable
  --target PLATFORM    also write each entry for PLATFORM, beside it: workers (server.workers.js, a
                       Workers module: export default { fetch }, and the TypemcpState Durable
                       Object class to bind as MCP_STATE to keep state), deno (server.deno.js, Deno.serve),
                       bun (server.bun.js, Bun.serve), vercel (server.vercel.js, a function) or node
                       (the default bundle); repeatable. The entry's serve() call is what they serve.
`;

const SPEC = {
  project: "string",
  entry: "strings",
  check: "boolean",
  "no-bundle": "boolean",
  external: "strings",
  target: "strings",
  help: "boolean",
} as const;

/** `typemcp build …`: returns the process exit code. */
export async function runBuild(args: readonly string[]): Promise<number> {
  let options;
  try {
    const parsed = parseArgs(
      args.map((a) => (a === "-p" ? "--project" : a === "-h" ? "--help" : a)),
      SPEC,
      "build",
    );
    if (parsed.positionals.length || parsed.rest)
      throw new HostError(
        "HOST_USAGE",
        `typemcp build takes no arguments (got "${[...parsed.positionals, ...(parsed.rest ?? [])].join(" ")}"); name the tsconfig with --project.`,
      );
    options = parsed.options;
    for (const target of options.target ?? []) {
      if (target !== "node" && !(PLATFORM_TARGETS as readonly string[]).includes(target))
        throw new HostError(
          "HOST_USAGE",
          `unknown --target "${target}"${didYouMean(closestName(target, [...PLATFORM_TARGETS, "node"]))}: typemcp builds for ${[...PLATFORM_TARGETS, "node"].join(", ")}.`,
        );
    }
  } catch (error) {
    if (!(error instanceof HostError)) throw error;
    const watch = args.includes("--watch") ? " To rebuild on every change, run typemcp dev." : "";
    // One line, as for an unknown command: the whole help would bury it.
    const help = error.message.includes("--help") ? "" : " (typemcp build --help lists the options)";
    process.stderr.write(`typemcp build: ${error.message}${watch}${help}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(BUILD_USAGE);
    return 0;
  }
  const project = options.project ?? "tsconfig.json";
  const started = performance.now();
  try {
    const built = await buildPackage({
      project,
      check: options.check,
      noBundle: options["no-bundle"],
      entries: options.entry,
      targets: (options.target ?? []).filter((t): t is PlatformTarget => t !== "node"),
      external: options.external,
      onWarnings: printWarnings,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const tools = built.served.filter((c) => c.kind === "tool");
    const files = new Set(built.served.map((c) => path.relative(process.cwd(), c.file)));
    console.log(`typemcp build: ${tools.length} tool(s) from ${[...files].join(", ") || "no files"} in ${seconds}s`);
    for (const t of tools)
      console.log(`  ${t.name}(${Object.keys(t.definition.inputSchema.properties ?? {}).join(", ")})${t.definition.view ? " with a view" : ""}`);
    for (const c of built.served) if (c.kind !== "tool") console.log(`  ${c.kind} ${c.name}`);
    for (const c of built.components) {
      if (!built.served.includes(c)) console.log(`  (not served: ${c.kind} ${c.name} in ${path.relative(process.cwd(), c.file)}, a file no entry loads)`);
    }
    for (const s of built.skills) console.log(`  skills from ${path.relative(process.cwd(), s.folder) || "."}: ${s.names.join(", ")}`);
    for (const file of built.entries) console.log(`  → ${path.relative(process.cwd(), file)} (bundled)`);
    for (const file of built.platformFiles) console.log(`  → ${path.relative(process.cwd(), file)}`);
    for (const file of built.leftOut) console.log(`  (not written: ${path.relative(process.cwd(), file)}, which Node would misread; the bundle includes it)`);
    if (!options.check && !options["no-bundle"] && !built.entries.length && tools.length) {
      console.log("  no entry point found, so nothing was bundled: call serve() in a file, or name it with --entry");
    }
    return 0;
  } catch (error) {
    for (const line of formatBuildFailure(error)) console.error(line);
    return error instanceof BuildError ? error.exitCode : 1;
  }
}

function printWarnings(warnings: readonly BuildWarning[]): void {
  for (const warning of warnings) console.error(`warning ${formatWarning(warning)}`);
}

// ` (did you mean workers?)` when a near name exists, else nothing.
function didYouMean(near: string | undefined): string {
  return near ? ` (did you mean ${near}?)` : "";
}
