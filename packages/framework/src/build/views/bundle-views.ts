import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BuildFailure, Message, Plugin } from "esbuild";
import { BuildError } from "../../errors/build-error.js";
import type { DerivedComponent, DerivedTool } from "../schema/derive-definitions.js";
import { viewEntryOf, viewPlaceholder } from "../schema/derive-view.js";
import { ownModuleFile } from "../own-module-file.js";
import { esbuild } from "../vendor/esbuild.js";
import { VIEW_MANIFEST_GLOBAL, type ViewManifest, type ViewMethod } from "../../view/view-manifest.js";
import { VIEW_SCRIPT_NAME, VIEW_SOURCES_GLOBAL } from "../../view/view-sources.js";
import { toViewSources } from "./view-source-table.js";

/**
 * Bundles each tool's view (`@tool({ view })`) into one self-contained HTML page, its
 * TypeScript, CSS, npm imports and small assets inline (no network needed: a view's frame may
 * reach none), and writes the page into the emitted JavaScript in place of the placeholder the
 * build left there. `outputs` is the build's files by path, not yet written. Returns how many
 * views were bundled; a view that does not bundle is a BuildError naming its file and line.
 */
export async function bundleViews(outputs: Map<string, string>, components: readonly DerivedComponent[]): Promise<number> {
  const tools = components.filter((c): c is DerivedTool => c.kind === "tool");
  const pages = new Map<string, string>();
  for (const tool of tools) {
    const entry = tool.definition.view && viewEntryOf(tool.definition.view.html);
    if (!entry) continue;
    const page = JSON.stringify(await bundleView(entry, tool, manifestOf(tool, tools)));
    const placeholder = JSON.stringify(viewPlaceholder(entry));
    pages.set(placeholder, page);
    // The definition itself is JSON text in a string literal (inject-definitions.ts): there both are escaped once more.
    pages.set(inStringLiteral(placeholder), inStringLiteral(page));
  }
  if (!pages.size) return 0;
  for (const [file, text] of outputs) {
    if (!/\.[cm]?js$/.test(file)) continue;
    let next = text;
    for (const [placeholder, page] of pages) next = next.split(placeholder).join(page);
    if (next !== text) outputs.set(file, next);
  }
  return pages.size;
}

// The tools a view may call by method name: those declared in the same file as its own, the
// class its `connectView<Class, "method">()` names.
function manifestOf(tool: DerivedTool, tools: readonly DerivedTool[]): ViewManifest {
  const methods: Record<string, ViewMethod> = {};
  for (const other of tools.filter((t) => t.file === tool.file)) {
    methods[other.definition.method] = {
      name: other.name,
      params: other.definition.params.flatMap((p) => (p.from === "argument" ? [p.name] : p.from === "arguments" ? ["*"] : p.from === "none" ? [""] : [])),
      wrapped: other.definition.result === "wrap",
      ...(other.definition.result === "text" && { text: true }),
    };
  }
  return { method: tool.definition.method, methods };
}

async function bundleView(entry: string, tool: DerivedTool, manifest: ViewManifest): Promise<string> {
  let result;
  try {
    result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      // Nothing is written: the names only tell the JavaScript and the CSS apart.
      outdir: path.join(os.tmpdir(), "typemcp-view"),
      platform: "browser",
      format: "iife",
      target: "es2022",
      minify: true,
      // The map stays here: the page carries only which bundle positions are the author's lines.
      sourcemap: "external",
      sourcesContent: false,
      legalComments: "none",
      loader: { ".png": "dataurl", ".jpg": "dataurl", ".svg": "dataurl", ".gif": "dataurl", ".woff": "dataurl", ".woff2": "dataurl" },
      banner: { js: `globalThis.${VIEW_MANIFEST_GLOBAL}=${JSON.stringify(manifest)};` },
      logLevel: "silent",
      plugins: [zodInEnglishOnly],
    });
  } catch (error) {
    throw viewBundleErrors(error, entry, tool.name);
  }
  const script = result.outputFiles.filter((f) => f.path.endsWith(".js")).map((f) => f.text.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n"));
  const style = result.outputFiles.filter((f) => f.path.endsWith(".css")).map((f) => f.text);
  const map = result.outputFiles.find((f) => f.path.endsWith(".js.map"));
  const sources = map
    ? toViewSources(map.text, path.dirname(map.path), isAuthors, (file) => path.relative(process.cwd(), file).split(path.sep).join("/"))
    : undefined;
  // Named, so an error's stack gives positions in the script itself, which `sources` maps back.
  const named = `${script.join("\n")}//# sourceURL=${VIEW_SCRIPT_NAME}\n`;
  const preamble = sources ? `globalThis.${VIEW_SOURCES_GLOBAL}=${JSON.stringify(sources)};` : "";
  return toPage(tool.name, named, style.join("\n"), preamble);
}

// typemcp's own view code sits in its package, which a project may link from outside node_modules.
const FRAMEWORK_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

function isAuthors(file: string): boolean {
  return !file.includes(`${path.sep}node_modules${path.sep}`) && !file.startsWith(FRAMEWORK_ROOT + path.sep);
}

const ZOD_LOCALES_ENGLISH = ownModuleFile(new URL("./stubs/zod-locales-english.js", import.meta.url));

/** The compiled stand-in names its map beside itself, which is not where it is loaded from. */
function withoutSourceMapComment(text: string): string {
  return text.replace(/\/\/# sourceMappingURL=\S+\s*$/, "");
}

/**
 * The MCP Apps `App` validates messages with zod, whose index pulls in every locale's error
 * messages (some 250 KB of a page's 400): a view speaks to its host, not to a reader, so English
 * is kept and the rest left out.
 */
export const zodInEnglishOnly: Plugin = {
  name: "typemcp-zod-in-english-only",
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, async (args) => ({
      // The stand-in's text, placed where the index was, so its `zod/...` import finds the same zod.
      contents: withoutSourceMapComment(await fs.promises.readFile(ZOD_LOCALES_ENGLISH, "utf8")),
      resolveDir: path.dirname(args.path),
      loader: ZOD_LOCALES_ENGLISH.endsWith(".ts") ? "ts" : "js",
    }));
  },
};

/**
 * The page a view is served as: its styles and script inline, the body left to the view to fill.
 * `preamble`, when given, is a script that runs first, in its own element.
 */
export function toPage(title: string, script: string, style: string, preamble = ""): string {
  // Inline, the text must not close its own element early.
  const safeScript = script.replace(/<\/(script)/gi, "<\\/$1");
  const safeStyle = style.replace(/<\/(style)/gi, "<\\/$1");
  return [
    "<!doctype html>",
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">',
    `<title>${title.replace(/[<&]/g, "")}</title>`,
    safeStyle ? `<style>${safeStyle}</style>` : "",
    "</head>",
    "<body>",
    preamble ? `<script>${preamble.replace(/<\/(script)/gi, "<\\/$1")}</script>` : "",
    `<script>${safeScript}</script>`,
    "</body>",
    "</html>",
  ].join("\n");
}

function viewBundleErrors(error: unknown, entry: string, tool: string): unknown {
  const messages = (error as Partial<BuildFailure>).errors;
  if (!Array.isArray(messages) || !messages.length) return error;
  const problems = messages.map((m: Message) => {
    const where = m.location
      ? `${path.relative(process.cwd(), m.location.file)}:${m.location.line}:${m.location.column + 1}`
      : path.relative(process.cwd(), entry);
    const missing = /Could not resolve "([^"]+)"/.exec(m.text);
    const fix = missing ? ` Fix: install it in the server's package (npm install ${missing[1]}).` : "";
    return new BuildError("INVALID_CONFIGURATION", `bundling the view of tool "${tool}" from ${where}: ${m.text}.${fix}`);
  });
  return new AggregateError(problems, "bundling a view failed");
}

/** `text` as it reads inside a JavaScript string literal (its quotes and backslashes escaped). */
function inStringLiteral(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
