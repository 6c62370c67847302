import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import type { BuildFailure, Message, Plugin } from "esbuild";
import ts from "../schema/typescript.cjs";
import { BuildError } from "../../errors/build-error.js";
import { locationOf } from "../schema/source-location.js";
import { esbuild } from "../vendor/esbuild.js";
import { describeKind, nodeModuleKind } from "../schema/module-kind.js";
import { bundleFileOf } from "./bundle-file.js";
import { keepClassNames } from "../schema/class-names.js";
import { entryLoader } from "./entry-loader.js";
import type { ServedSchemas } from "./precompiled-validators.js";
import { validatorPlugins } from "./validator-plugins.js";
import { withoutSdkV1AjvProvider, withoutSdkV2AjvProvider } from "./without-sdk-ajv.js";

/** Options for `bundleEntries`. */
export interface BundleOptions {
  /** The build's files by absolute path, not yet written; the bundles replace their entries here. */
  outputs: Map<string, string>;
  /** The emitted entry files to bundle. */
  entries: readonly string[];
  /** The source file each emitted JavaScript file came from. */
  sources: ReadonlyMap<string, ts.SourceFile>;
  /** Packages to leave as imports: native addons, or anything that must be resolved at run time. */
  external?: readonly string[];
  /** The bundles' source maps, as the tsconfig asks (`sourceMap` → linked, `inlineSourceMap` → inline). */
  sourceMap?: "linked" | "inline" | false;
  /** Every schema the server validates against: compiled here, so its first call compiles none (see `validatorPlugins`). */
  schemas?: ServedSchemas;
}

// CommonJS dependencies (ajv) call require(); an ES module bundle must provide it.
export const ESM_BANNER = 'import { createRequire as __typemcpCreateRequire } from "node:module"; const require = __typemcpCreateRequire(import.meta.url);';

/**
 * Bundles each entry point of a server package into one self-contained file beside it
 * (`server.bundle.js`), so the server runs with no node_modules (its package has no runtime
 * dependencies) and starting it reads one file instead of resolving hundreds; the entry itself
 * becomes a small loader that turns on Node's compile cache first (see `entryLoader`). Each
 * bundle is written in the module system Node will read its file as (`.mjs`/`.cjs`, else the
 * package.json `"type"`), whatever TypeScript emitted. Works on the build's files in memory;
 * throws BuildErrors naming the source file and line.
 */
export async function bundleEntries(options: BundleOptions): Promise<void> {
  for (const entry of options.entries) {
    const format = nodeModuleKind(entry);
    const source = options.sources.get(entry);
    if (format === "cjs" && source) assertNoTopLevelAwait(source, entry);
    const bundleFile = bundleFileOf(entry);
    if (options.outputs.has(bundleFile)) {
      throw new BuildError(
        "INVALID_CONFIGURATION",
        `cannot bundle ${path.relative(process.cwd(), entry)}: its bundle would be written to ${path.relative(process.cwd(), bundleFile)}, which the build already writes. Rename that source file.`,
      );
    }
    let result;
    try {
      result = await esbuild.build({
        entryPoints: [entry],
        ...(format === "esm"
          ? // Code that only runs later (the HTTP transport, the validators) is split into chunks beside the bundle,
            // loaded by import() when first used. Kept in one file, it would make the bundler wrap every module it
            // shares with the bundle (the SDK, zod) in a lazy initialiser: nothing in them could be left out then,
            // not even zod's 50 locales, and every start would parse and run it all.
            {
              splitting: true,
              outdir: path.dirname(entry),
              entryNames: "[name].bundle",
              chunkNames: `${chunksFolderOf(entry)}/[name]-[hash]`,
              outExtension: { ".js": path.extname(entry) },
            }
          : { outfile: bundleFile }),
        write: false,
        bundle: true,
        platform: "node",
        format,
        target: "node20",
        minifyWhitespace: true,
        minifySyntax: true,
        // A crash at start-up prints the line it happened on: keep lines short enough to read.
        lineLimit: 160,
        // No keepNames: it wraps every named closure in a `__name()` call that runs each time the closure
        // is created, the SDK's per-request ones included (~4 % of the CPU of a tools/call). Identifiers
        // are not minified, so names survive; the author's classes, which start-up errors name
        // ("Greeter.greet"), keep theirs even where the bundler renames one (see keepClassNames).
        // Maps only when the tsconfig asks for them; each carries its sources, so it works where shipped.
        sourcemap: options.sourceMap ?? false,
        // The input is TypeScript's output: the author's tsconfig has already been applied.
        tsconfigRaw: {},
        external: [...(options.external ?? [])],
        logLevel: "silent",
        plugins: [
          withoutSdkV1AjvProvider,
          withoutSdkV2AjvProvider,
          fromMemory(options.outputs, options.sources),
          builtinsOnFirstUse,
          ...validatorPlugins(options.schemas),
        ],
        ...(format === "esm" ? { banner: { js: ESM_BANNER } } : {}),
      });
    } catch (error) {
      throw bundleErrors(error, entry, options.sources);
    }
    let hashbang: string | undefined;
    for (const file of result.outputFiles) {
      let text = file.text;
      if (path.resolve(file.path) === bundleFile && text.startsWith("#!")) {
        // The loader is what runs: it keeps the `#!` line, and the bundle is not executable.
        hashbang = text.slice(0, text.indexOf("\n"));
        text = text.slice(hashbang.length + 1);
      }
      options.outputs.set(file.path, text);
    }
    options.outputs.set(entry, await entryLoader(format, bundleFile, hashbang));
    // TypeScript's map of the entry would describe code the loader replaced.
    options.outputs.delete(`${entry}.map`);
  }
}

/** The folder, beside an ES module entry, of the chunks its bundle loads later: `server.js` → `server.chunks`. */
function chunksFolderOf(entry: string): string {
  return `${path.basename(entry, path.extname(entry))}.chunks`;
}

/**
 * Files in the chunk folders of `entries` that the build being written does not produce: chunks
 * of an earlier build (their names carry a hash of their content), to delete once it is written.
 */
export function staleChunks(outputs: ReadonlyMap<string, string>, entries: readonly string[]): string[] {
  const stale: string[] = [];
  for (const entry of entries) {
    const folder = path.join(path.dirname(entry), chunksFolderOf(entry));
    if (!fs.existsSync(folder)) continue;
    for (const name of fs.readdirSync(folder)) {
      const file = path.join(folder, name);
      if (!outputs.has(file) && fs.statSync(file).isFile()) stale.push(file);
    }
  }
  return stale;
}

/** The esbuild namespace of the build's own files, served from memory (see {@link fromMemory}). */
export const BUILT_FILES = "typemcp-built";

/**
 * Serves the build's files from memory (with their source maps inlined, so the bundle's map reaches the TypeScript).
 * They live in a namespace of their own, so that esbuild asks this process only about what they import: every
 * question is a round trip from esbuild's process to this one, and the runtime and the SDK alone import about a
 * thousand files by relative path, which esbuild resolves itself (as Node would, reading each package's `"type"`).
 */
export function fromMemory(outputs: ReadonlyMap<string, string>, sources: ReadonlyMap<string, ts.SourceFile>): Plugin {
  return {
    name: "typemcp-build-outputs",
    setup(build) {
      // The entry points, and any absolute path (`path.isAbsolute` on Windows too) that names a built file.
      build.onResolve({ filter: /^(\/|\\|[A-Za-z]:)/ }, (args) => (outputs.has(args.path) ? { path: args.path, namespace: BUILT_FILES } : undefined));
      build.onResolve({ filter: /^(\.|\/|\\|[A-Za-z]:)/, namespace: BUILT_FILES }, (args) => {
        // The directory the importer will be written to, which need not exist yet.
        const dir = (args.pluginData as { dir?: string } | undefined)?.dir ?? args.resolveDir;
        const base = path.resolve(dir, args.path);
        const candidates = [base, `${base}.js`, `${base}.mjs`, `${base}.cjs`, `${base}.json`, path.join(base, "index.js")];
        const built = candidates.find((candidate) => outputs.has(candidate));
        if (built) return { path: built, namespace: BUILT_FILES };
        // A file beside the output (data, a module TypeScript did not emit): with an extension added first, as Node's `require` would.
        const onDisk = [...candidates.slice(1), base].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
        return onDisk ? { path: onDisk } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: BUILT_FILES }, (args) => {
        const text = outputs.get(args.path);
        if (text === undefined) return undefined;
        const map = outputs.get(`${args.path}.map`);
        const contents =
          map === undefined
            ? text
            : text.replace(/\/\/# sourceMappingURL=\S+\s*$/, `//# sourceMappingURL=data:application/json;base64,${Buffer.from(map).toString("base64")}\n`);
        // Packages resolve from the nearest folder that exists: an outDir may not exist before the first build.
        const dir = path.dirname(args.path);
        const loader = args.path.endsWith(".json") ? "json" : "js";
        return {
          contents: loader === "js" ? keepClassNames(contents, args.path, sources.get(args.path)) : contents,
          loader,
          resolveDir: existingAncestor(dir),
          pluginData: { dir },
        };
      });
    },
  };
}

function existingAncestor(dir: string): string {
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/** Top-level await cannot run in CommonJS: say so at the source line, with the fix. */
function assertNoTopLevelAwait(source: ts.SourceFile, entry: string): void {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (found || ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) found = node;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  if (found) {
    throw new BuildError(
      "INVALID_CONFIGURATION",
      `top-level await cannot run here: Node reads ${path.relative(process.cwd(), entry)} as CommonJS (no "type": "module" in package.json). ` +
        `Fix: add "type": "module" to package.json, or call serve(...) without await.`,
      { location: locationOf(found) },
    );
  }
}

export function bundleErrors(error: unknown, entry: string, sources: ReadonlyMap<string, ts.SourceFile>): unknown {
  const messages = (error as Partial<BuildFailure>).errors;
  if (!Array.isArray(messages) || !messages.length) return error;
  const problems = messages.map((m: Message) => {
    // A built file is named with its namespace (`typemcp-built:/…/server.js`): the path is what the author knows.
    const file = m.location?.file.replace(`${BUILT_FILES}:`, "") ?? entry;
    const from = sources.get(path.resolve(file))?.fileName ?? file;
    const where = m.location
      ? `${path.relative(process.cwd(), file)}:${m.location.line}:${m.location.column + 1} (compiled from ${path.relative(process.cwd(), from)})`
      : path.relative(process.cwd(), entry);
    const hint = /Could not resolve "([^"]+)"/.exec(m.text);
    const fix = hint ? ` Fix: install it (npm install ${hint[1]}), or leave it out of the bundle with --external ${hint[1]}.` : "";
    return new BuildError("INVALID_CONFIGURATION", `bundling ${describeKind(nodeModuleKind(entry))} server from ${where}: ${m.text}.${fix}`);
  });
  return new AggregateError(problems, "bundling failed");
}

const BUILTINS = new Set(builtinModules);

/**
 * An ES module bundle hoists every `import … from "node:http"` to its top, so a built-in is
 * loaded at start-up even when only code that runs later (the HTTP transport, behind a dynamic
 * `import()`) uses it: node:http, http2, stream and crypto on every stdio server. Turned into
 * `require()` calls (the banner provides `require`), each built-in loads where the module that
 * imports it is first evaluated instead.
 */
const builtinsOnFirstUse: Plugin = {
  name: "typemcp-builtins-on-first-use",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^(node:)?[a-z][a-z0-9_/]*$/ }, (args) => {
      const name = args.path.startsWith("node:") ? args.path.slice(5) : args.path;
      if (!BUILTINS.has(name)) return undefined;
      if (args.kind === "require-call") return { path: `node:${name}`, external: true };
      return { path: `node:${name}`, namespace: "typemcp-builtin" };
    });
    // Data, not source: one CommonJS module per built-in, each differing only in the name it
    // requires. esbuild cannot pass a parameter to a module file, and each built-in needs a module
    // of its own to load on its own; test/bundle-startup.test.ts holds the behaviour.
    pluginBuild.onLoad({ filter: /.*/, namespace: "typemcp-builtin" }, (args) => ({
      loader: "js",
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
    }));
  },
};
