import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { build, type Plugin } from "esbuild";

/** Options for `bundleEntries`. */
export interface BundleOptions {
  /** The server package's directory (where its package.json is). */
  packageDir: string;
  /** The JavaScript files the build just wrote. */
  emitted: readonly string[];
  /** Packages to leave as imports: native addons, or anything that must be resolved at run time. */
  external?: readonly string[];
}

/**
 * Rewrites each entry point of a server package as one self-contained ES module, so starting a
 * server reads one file instead of resolving and parsing hundreds of modules. Entry points are
 * the package.json `bin` targets; without any, the emitted files that start with a shebang.
 * Returns the files bundled.
 */
export async function bundleEntries(options: BundleOptions): Promise<string[]> {
  const entries = findEntries(options.packageDir, options.emitted);
  for (const entry of entries) {
    await build({
      entryPoints: [entry],
      outfile: entry,
      allowOverwrite: true,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      minifyWhitespace: true,
      minifySyntax: true,
      sourcemap: "linked",
      external: [...(options.external ?? [])],
      logLevel: "error",
      plugins: [withoutSdkAjvProvider, builtinsOnFirstUse, validatorsAsText()],
      // CommonJS dependencies (ajv) call require(); an ES module bundle must provide it.
      banner: { js: 'import { createRequire as __typemcpCreateRequire } from "node:module"; const require = __typemcpCreateRequire(import.meta.url);' },
    });
  }
  return entries;
}

function findEntries(packageDir: string, emitted: readonly string[]): string[] {
  const emittedSet = new Set(emitted.map((f) => path.resolve(f)));
  const manifestPath = path.join(packageDir, "package.json");
  const manifest = fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, "utf8")) as { bin?: string | Record<string, string> }) : {};
  const bins = typeof manifest.bin === "string" ? [manifest.bin] : Object.values(manifest.bin ?? {});
  const fromBin = bins.map((bin) => path.resolve(packageDir, bin)).filter((file) => emittedSet.has(file));
  if (fromBin.length) return [...new Set(fromBin)];
  return [...emittedSet].filter((file) => file.endsWith(".js") && fs.readFileSync(file, "utf8").startsWith("#!"));
}

/**
 * The SDK's `Server` imports its ajv provider, and with it all of ajv and ajv-formats, at load
 * time, though it uses them only in `Server.elicitInput`, which typemcp never calls (`Context`
 * sends elicitation requests itself, and typemcp validates with its own ajv, loaded on a tool's
 * first call). In a bundle, that import is replaced by a provider that loads nothing: a large
 * share of every server's start-up.
 */
const withoutSdkAjvProvider: Plugin = {
  name: "typemcp-without-sdk-ajv-provider",
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]@modelcontextprotocol[\\/]sdk[\\/]dist[\\/]esm[\\/]validation[\\/]ajv-provider\.js$/ }, () => ({
      loader: "js",
      contents: `export class AjvJsonSchemaValidator {
  getValidator() {
    throw new Error("typemcp bundles leave out the SDK's ajv provider: validate elicitation results with your own schema check");
  }
}`,
    }));
  },
};

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
    pluginBuild.onLoad({ filter: /.*/, namespace: "typemcp-builtin" }, (args) => ({
      loader: "js",
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
    }));
  },
};

const VALIDATOR_MODULES = /^(ajv\/dist\/2020\.js|ajv-formats)$/;

/**
 * typemcp imports ajv and ajv-formats with `import()` on a tool's first call, so they are not
 * evaluated at start-up; but in a bundle their 215 KB would still be pre-parsed by V8 on every
 * start. Bundled once more on their own (CommonJS) and embedded as a string, which V8 only scans,
 * they are compiled with `new Function` at first use: a lazy chunk inside the single file.
 */
function validatorsAsText(): Plugin {
  return {
    name: "typemcp-validators-as-text",
    setup(pluginBuild) {
      let chunk: Promise<string> | undefined;
      pluginBuild.onResolve({ filter: VALIDATOR_MODULES }, (args) => {
        if (args.kind !== "dynamic-import") return undefined;
        return { path: args.path, namespace: "typemcp-validators", pluginData: { resolveDir: args.resolveDir } };
      });
      pluginBuild.onResolve({ filter: /^typemcp-validators-chunk$/ }, (args) => ({ path: args.path, namespace: "typemcp-validators-chunk", pluginData: args.pluginData }));
      pluginBuild.onLoad({ filter: /.*/, namespace: "typemcp-validators" }, (args) => ({
        loader: "js",
        resolveDir: (args.pluginData as { resolveDir: string }).resolveDir,
        pluginData: args.pluginData,
        contents:
          args.path === "ajv-formats"
            ? `import { loadValidatorChunk } from "typemcp-validators-chunk"; const formats = loadValidatorChunk().formats; export default formats.default ?? formats;`
            : `import { loadValidatorChunk } from "typemcp-validators-chunk"; const ajv = loadValidatorChunk().ajv; export const Ajv2020 = ajv.Ajv2020; export default ajv.default ?? ajv;`,
      }));
      pluginBuild.onLoad({ filter: /.*/, namespace: "typemcp-validators-chunk" }, async (args) => {
        const resolveDir = (args.pluginData as { resolveDir: string } | undefined)?.resolveDir ?? process.cwd();
        chunk ??= bundleValidators(resolveDir);
        return {
          loader: "js",
          contents: `const SOURCE = ${JSON.stringify(await chunk)};
let loaded;
export function loadValidatorChunk() {
  if (!loaded) {
    const module = { exports: {} };
    new Function("module", "exports", SOURCE)(module, module.exports);
    loaded = module.exports;
  }
  return loaded;
}`,
        };
      });
    },
  };
}

async function bundleValidators(resolveDir: string): Promise<string> {
  const result = await build({
    stdin: { contents: `module.exports = { ajv: require("ajv/dist/2020.js"), formats: require("ajv-formats") };`, resolveDir, loader: "js" },
    bundle: true,
    write: false,
    platform: "node",
    format: "cjs",
    target: "node20",
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "inline",
    logLevel: "error",
    metafile: true,
  });
  // Compiled with `new Function`, the chunk has no `require`: it must need nothing from outside.
  const outside = Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
  if (outside.length) throw new Error(`typemcp: the validator chunk must be self-contained, but it imports ${outside.join(", ")}`);
  return `${result.outputFiles[0]!.text}\n//# sourceURL=typemcp-validators.js`;
}
