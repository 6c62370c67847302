import fs from "node:fs";
import path from "node:path";
import { BuildError } from "../errors/build-error.js";
import { formatWarning } from "../build/schema/build-warning.js";
import { ProjectSession } from "../build/schema/project-session.js";
import { bundleViews } from "../build/views/bundle-views.js";

/** Options for the `typemcp/vite` plugin. */
export interface TypemcpPluginOptions {
  /**
   * The tsconfig.json that `typemcp build` uses. Default: for each file, the nearest
   * tsconfig.json above it, so one vitest config can cover several server packages.
   */
  project?: string;
}

/** The part of Vite's plugin interface this plugin uses (typed here, so typemcp needs no Vite types). */
export interface VitePlugin {
  name: string;
  enforce: "pre";
  transform(this: { warn(message: string): void }, code: string, id: string): Promise<{ code: string; map: string | null } | null>;
  watchChange(id: string): void;
}

// A decorator at the start of a line; JSDoc tags (` * @param`) do not match.
const DECORATOR = /^\s*@[A-Za-z_$]/m;
// A call that may be `ctx.elicit<T>(message)`, whose schema the build writes in, even in a file without decorators.
const ELICIT = /\.elicit\b/;
const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/;

/**
 * Compiles each project file that carries decorators the way `typemcp build` does (same
 * program, same derivation, same emit), so `@tool` methods carry their definitions under vitest
 * in either decorator mode. A type error or an unsupported signature fails the test that imports
 * the file, with the build's own message naming `file:line`.
 *
 * @example
 * ```ts
 * // vitest.config.ts
 * import { defineConfig } from "vitest/config";
 * import typemcp from "typemcp/vite";
 * export default defineConfig({ plugins: [typemcp()] });
 * ```
 */
export function typemcp(options: TypemcpPluginOptions = {}): VitePlugin {
  const sessions = new Map<string, ProjectSession | undefined>();
  const sessionFor = (file: string): ProjectSession | undefined => {
    const config = options.project ? path.resolve(options.project) : nearestConfig(path.dirname(file));
    if (!config) return undefined;
    if (!sessions.has(config)) sessions.set(config, new ProjectSession(config, EMIT_FOR_LOADER));
    return sessions.get(config);
  };
  return {
    name: "typemcp",
    enforce: "pre",
    async transform(code, id) {
      const file = id.split("?")[0]!;
      if (!TYPESCRIPT.test(file) || file.includes(`${path.sep}node_modules${path.sep}`) || !(DECORATOR.test(code) || ELICIT.test(code))) return null;
      const session = sessionFor(file);
      if (!session) return null;
      try {
        if (!session.includes(file)) return null;
        const compiled = session.transform(file, code);
        for (const warning of compiled.warnings) this.warn(`typemcp: ${formatWarning(warning)}`);
        // A tool's view is bundled into its page as `typemcp build` does, so a test reads the page a host would.
        const outputs = new Map([[`${file}.js`, compiled.code]]);
        await bundleViews(outputs, compiled.components);
        return { code: outputs.get(`${file}.js`)!, map: compiled.map ?? null };
      } catch (error) {
        throw toReadableError(error);
      }
    },
    watchChange(id) {
      for (const session of sessions.values()) session?.invalidate([id]);
    },
  };
}

// The emit a module loader wants: JavaScript with a source map, no declarations or build info.
const EMIT_FOR_LOADER = {
  noEmit: false,
  declaration: false,
  declarationMap: false,
  emitDeclarationOnly: false,
  composite: false,
  incremental: false,
  sourceMap: true,
  inlineSourceMap: false,
  inlineSources: true,
};

function nearestConfig(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, "tsconfig.json");
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}

// The same lines `typemcp build` prints, so a test fails with the build's own message.
function toReadableError(error: unknown): Error {
  const problems = error instanceof AggregateError ? error.errors : [error];
  if (!problems.every((p) => p instanceof BuildError)) return error as Error;
  const lines = (problems as BuildError[]).map((p) => (p.location ? `error ${p.format()}` : p.message));
  const readable = new Error(`typemcp build would fail:\n${lines.join("\n")}`, { cause: error });
  readable.stack = readable.message;
  return readable;
}
