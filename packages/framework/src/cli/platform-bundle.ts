import path from "node:path";
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import type { Plugin } from "esbuild";
import type ts from "../schema/typescript.cjs";
import { esbuild } from "../vendor/esbuild.js";
import { bundleErrors, ESM_BANNER, fromMemory, validatorsAsText, withoutSdkAjvProvider, withoutSdkV2AjvProvider } from "./bundle-entries.js";
import { bundledFiles } from "./bundled-files.js";
import { precompiledValidators, type ServedSchemas } from "./precompiled-validators.js";

/** The platforms `typemcp build --target` writes an entry for, besides Node's (the default bundle). */
export const PLATFORM_TARGETS = ["workers", "deno", "bun", "vercel"] as const;
export type PlatformTarget = (typeof PLATFORM_TARGETS)[number];

/** The file a platform's entry is written to: `dist/server.js` → `dist/server.workers.js`. */
export function platformFileOf(entry: string, target: PlatformTarget): string {
  return `${entry.slice(0, entry.length - path.extname(entry).length)}.${target}.js`;
}

// typemcp's own modules, as this build runs them: the platform's serve() replaces the Node one.
const INDEX = fileURLToPath(new URL("../index.js", import.meta.url));
const PLATFORM_SERVE = fileURLToPath(new URL("../platform/platform-serve.js", import.meta.url));
const KEEP_WORKING = fileURLToPath(new URL("../runtime/keep-working.js", import.meta.url));
const TYPEMCP_STATE = fileURLToPath(new URL("../workers/typemcp-state.js", import.meta.url));
const REDIS_WITHOUT_TCP = fileURLToPath(new URL("../serve/redis-without-tcp.js", import.meta.url));

/** How each platform starts the handler; `fetch` is the served server's fetch function. */
const STARTS: Record<PlatformTarget, string> = {
  // Workers: an isolate may be gone between requests, so 2025-11-25 clients get no sessions by default.
  // With the MCP_STATE Durable Object binding, state lives in TypemcpState objects (workers/durable-protocol.ts).
  // Work a request starts and sees through after its response (a task's run) is kept going with
  // that request's waitUntil, found through the request's async context.
  workers: `import { AsyncLocalStorage } from "node:async_hooks";
import { setKeepWorking } from ${JSON.stringify(KEEP_WORKING)};
export { TypemcpState } from ${JSON.stringify(TYPEMCP_STATE)};
const requests = new AsyncLocalStorage();
setKeepWorking((work) => requests.getStore()?.waitUntil(work));
const handle = platformFetch({ stateless: true, tcp: false, durableObjects: true });
const fetch = (request, env, ctx) => (ctx ? requests.run(ctx, () => handle(request, env)) : handle(request, env));
export default { fetch };`,
  vercel: `const fetch = platformFetch({ stateless: true, tcp: true });\nexport const GET = fetch, POST = fetch, DELETE = fetch, OPTIONS = fetch;\nexport default { fetch };`,
  deno: `const fetch = platformFetch({ stateless: false, tcp: true });
const env = globalThis.Deno.env.toObject();
globalThis.Deno.serve({ port: Number(env.PORT ?? env.MCP_PORT ?? 8000), hostname: env.MCP_HOST ?? "127.0.0.1",
  onListen: ({ hostname, port }) => console.error(\`typemcp: serving MCP over HTTP at http://\${hostname}:\${port}/mcp\`) }, (request) => fetch(request));`,
  bun: `const fetch = platformFetch({ stateless: false, tcp: true });
const server = globalThis.Bun.serve({ port: Number(process.env.PORT ?? process.env.MCP_PORT ?? 3000), hostname: process.env.MCP_HOST ?? "127.0.0.1", fetch: (request) => fetch(request), idleTimeout: 0 });
console.error(\`typemcp: serving MCP over HTTP at http://\${server.hostname}:\${server.port}/mcp\`);`,
};

/** Options of {@link bundleForPlatform}. */
export interface PlatformBundleOptions {
  outputs: Map<string, string>;
  entry: string;
  sources: ReadonlyMap<string, ts.SourceFile>;
  target: PlatformTarget;
  external?: readonly string[];
  /** The package folder: files the code names with `new URL("…", import.meta.url)` are bundled from here (Workers). */
  packageDir: string;
  /** Every schema the server validates against, compiled into a Workers bundle. */
  schemas: ServedSchemas;
}

/**
 * Bundles `entry` into one ES module that `target` runs as is (`dist/server.workers.js`): the
 * entry's `serve()` call records the server (see platform/platform-serve.ts), and the platform's
 * own start-up answers with it. Workers get no Node-only path: no `require`, validators compiled
 * here instead of with `new Function`, and the files the code reads bundled in.
 */
export async function bundleForPlatform(options: PlatformBundleOptions): Promise<string> {
  const { target, entry } = options;
  const file = platformFileOf(entry, target);
  const workers = target === "workers";
  // The build's files as TypeScript emitted them; a Workers build rewrites its own copy.
  const outputs = new Map(options.outputs);
  const plugins: Plugin[] = [
    platformEntry(entry, target),
    platformServe,
    ...(workers ? [bundledFiles(outputs, options.packageDir), nodePrefixed, precompiledValidators(options.schemas), withoutRedis] : [validatorsAsText()]),
    fromMemory(outputs),
    withoutSdkAjvProvider,
    withoutSdkV2AjvProvider,
  ];
  let result;
  try {
    result = await esbuild.build({
      entryPoints: ["typemcp-platform-entry"],
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

function platformEntry(entry: string, target: PlatformTarget): Plugin {
  return {
    name: "typemcp-platform-entry",
    setup(build) {
      build.onResolve({ filter: /^typemcp-platform-entry$/ }, (args) => ({ path: args.path, namespace: "typemcp-platform-entry" }));
      build.onLoad({ filter: /.*/, namespace: "typemcp-platform-entry" }, () => ({
        loader: "js",
        resolveDir: path.dirname(entry),
        contents: `import ${JSON.stringify(entry)};\nimport { platformFetch } from ${JSON.stringify(PLATFORM_SERVE)};\n${STARTS[target]}\n`,
      }));
    },
  };
}

/** `import { serve } from "typemcp"` in the author's code reaches the platform's serve(); every other name is typemcp's own. */
const platformServe: Plugin = {
  name: "typemcp-platform-serve",
  setup(build) {
    build.onResolve({ filter: /^typemcp$/ }, () => ({ path: "typemcp", namespace: "typemcp-platform-index" }));
    build.onLoad({ filter: /.*/, namespace: "typemcp-platform-index" }, () => ({
      loader: "js",
      resolveDir: path.dirname(INDEX),
      contents: `export * from ${JSON.stringify(INDEX)};\nexport { serve } from ${JSON.stringify(PLATFORM_SERVE)};\n`,
    }));
  },
};

/** Workers cannot reach Redis: their bundle carries, instead of the Redis stores, the refusal that says so. */
const withoutRedis: Plugin = {
  name: "typemcp-without-redis",
  setup(build) {
    build.onResolve({ filter: /\/scale\/share-server\.js$/ }, (args) => ({ path: args.path, namespace: "typemcp-without-redis" }));
    build.onLoad({ filter: /.*/, namespace: "typemcp-without-redis" }, () => ({
      loader: "js",
      resolveDir: path.dirname(REDIS_WITHOUT_TCP),
      contents: `import { redisWithoutTcp } from ${JSON.stringify(REDIS_WITHOUT_TCP)};\nexport async function shareServer(_server, http) { throw redisWithoutTcp(http.redis); }\n`,
    }));
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
