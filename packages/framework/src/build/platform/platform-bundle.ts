import { builtinModules } from "node:module";
import type { Plugin } from "esbuild";
import type ts from "../schema/typescript.cjs";
import { esbuild } from "../vendor/esbuild.js";
import { ownModuleFile } from "../own-module-file.js";
import { platformFileOf, type PlatformTarget } from "./platform-targets.js";
import { BUILT_FILES, bundleErrors, ESM_BANNER, fromMemory } from "../bundle/bundle-entries.js";
import { validatorPlugins } from "../bundle/validator-plugins.js";
import { withoutSdkV1AjvProvider, withoutSdkV2AjvProvider } from "../bundle/without-sdk-ajv.js";
import { bundledFiles } from "./bundled-files.js";
import { precompiledValidators, type ServedSchemas } from "../bundle/precompiled-validators.js";

// The real modules a platform build is made of (adapter/<runtime>/entry.ts and adapter/): the platform's start-up,
// typemcp's index with the platform's serve(), and, on Workers, the Redis refusal in place of the Redis stores.
const ENTRIES: Record<PlatformTarget, string> = {
  workers: ownModuleFile(new URL("../../adapter/workers/entry.js", import.meta.url)),
  deno: ownModuleFile(new URL("../../adapter/deno/entry.js", import.meta.url)),
  bun: ownModuleFile(new URL("../../adapter/bun/entry.js", import.meta.url)),
  vercel: ownModuleFile(new URL("../../adapter/vercel/entry.js", import.meta.url)),
};
const PLATFORM_INDEX = ownModuleFile(new URL("../../adapter/platform-index.js", import.meta.url));
const SHARE_SERVER_WITHOUT_TCP = ownModuleFile(new URL("../../adapter/share-server-without-tcp.js", import.meta.url));

/** Options of {@link bundleForPlatform}. */
export interface PlatformBundleOptions {
  outputs: Map<string, string>;
  entry: string;
  sources: ReadonlyMap<string, ts.SourceFile>;
  target: PlatformTarget;
  external?: readonly string[];
  /** The package folder: files the code names with `new URL("…", import.meta.url)` are bundled from here (Workers). */
  packageDir: string;
  /** Every schema the server validates against, compiled into the bundle (see `validatorPlugins`). */
  schemas: ServedSchemas;
}

/**
 * Bundles `entry` into one ES module that `target` runs as is (`dist/server.workers.js`): the
 * entry's `serve()` call records the server (see adapter/platform-serve.ts), and the platform's
 * own start-up (adapter/<runtime>/entry.ts) answers with it. Workers get no Node-only path: no `require`, validators compiled
 * here instead of with `new Function`, and the files the code reads bundled in.
 */
export async function bundleForPlatform(options: PlatformBundleOptions): Promise<string> {
  const { target, entry } = options;
  const file = platformFileOf(entry, target);
  const workers = target === "workers";
  // The build's files as TypeScript emitted them; a Workers build rewrites its own copy.
  const outputs = new Map(options.outputs);
  const plugins: Plugin[] = [
    platformEntry(entry),
    platformServe,
    ...(workers
      ? [bundledFiles(outputs, options.packageDir), nodePrefixed, precompiledValidators(options.schemas, { fallback: false }), withoutRedis]
      : validatorPlugins(options.schemas)),
    withoutSdkV1AjvProvider,
    withoutSdkV2AjvProvider,
    fromMemory(outputs, options.sources),
  ];
  let result;
  try {
    result = await esbuild.build({
      entryPoints: [ENTRIES[target]],
      outfile: file,
      write: false,
      bundle: true,
      format: "esm",
      platform: workers ? "neutral" : "node",
      ...(workers ? { conditions: ["workerd", "worker", "import", "module"], mainFields: ["module", "main"] } : {}),
      target: "es2022",
      minifyWhitespace: true,
      minifySyntax: true,
      lineLimit: 160,
      tsconfigRaw: {},
      external: [...(options.external ?? [])],
      logLevel: "silent",
      plugins,
      // Deno and Bun give an ES module no `require`, which CommonJS dependencies call.
      ...(workers ? {} : { banner: { js: ESM_BANNER } }),
    });
  } catch (error) {
    throw bundleErrors(error, entry, options.sources);
  }
  for (const output of result.outputFiles) options.outputs.set(output.path, output.text);
  return file;
}

/** The platform's entry module, whose first import, `typemcp:served-entry`, is the author's emitted entry. */
function platformEntry(entry: string): Plugin {
  return {
    name: "typemcp-platform-entry",
    setup(build) {
      build.onResolve({ filter: /^typemcp:served-entry$/ }, () => ({ path: entry, namespace: BUILT_FILES }));
    },
  };
}

/** `import { serve } from "typemcp"` in the author's code reaches the platform's serve(); every other name is typemcp's own. */
const platformServe: Plugin = {
  name: "typemcp-platform-serve",
  setup(build) {
    build.onResolve({ filter: /^typemcp$/ }, () => ({ path: PLATFORM_INDEX }));
  },
};

/** Workers cannot reach Redis: their bundle carries, instead of the Redis stores, the refusal that says so. */
const withoutRedis: Plugin = {
  name: "typemcp-without-redis",
  setup(build) {
    build.onResolve({ filter: /\/scale\/share-server\.js$/ }, () => ({ path: SHARE_SERVER_WITHOUT_TCP }));
  },
};

const BUILTINS = new Set(builtinModules);

/** Workers (`nodejs_compat`) know Node's built-ins by their `node:` names: left as imports, under those names. */
const nodePrefixed: Plugin = {
  name: "typemcp-node-prefixed",
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z][a-z0-9_/]*$/ }, (args) => {
      const name = args.path.startsWith("node:") ? args.path.slice(5) : args.path;
      return BUILTINS.has(name) ? { path: `node:${name}`, external: true } : undefined;
    });
  },
};
