import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "esbuild";

// `new URL("../data/towns.csv", import.meta.url)`: a file the code reads beside itself.
const FILE_URL = /new URL\(\s*(["'])([^"'`]+)\1\s*,\s*import\.meta\.url\s*\)/g;

/**
 * For platforms with no file system of the package (Workers): each text file the author's code
 * names with `new URL("…", import.meta.url)` is bundled in, and `node:fs` becomes a module that
 * reads those files from the bundle (`readFileSync`, `existsSync`). `import.meta.url` in the
 * author's modules is their place in the package, so the URLs they make match the bundled files.
 * Changes `outputs` in place (they are the platform build's own copy).
 */
export function bundledFiles(outputs: Map<string, string>, packageDir: string): Plugin {
  const files: Record<string, string> = {};
  for (const [file, text] of outputs) {
    if (!/\.[cm]?js$/.test(file) || !text.includes("import.meta.url")) continue;
    const url = `file:///bundle/${path.relative(packageDir, file).split(path.sep).join("/")}`;
    for (const match of text.matchAll(FILE_URL)) {
      const onDisk = path.resolve(path.dirname(file), match[2]!);
      if (fs.existsSync(onDisk) && fs.statSync(onDisk).isFile()) files[new URL(match[2]!, url).pathname] = fs.readFileSync(onDisk, "utf8");
    }
    outputs.set(file, text.replaceAll("import.meta.url", JSON.stringify(url)));
  }
  return {
    name: "typemcp-bundled-files",
    setup(build) {
      build.onResolve({ filter: /^(node:)?fs$/ }, () => ({ path: "fs", namespace: "typemcp-bundled-files" }));
      build.onLoad({ filter: /.*/, namespace: "typemcp-bundled-files" }, () => ({
        loader: "js",
        contents: `const FILES = ${JSON.stringify(files)};
const pathOf = (file) => (typeof file === "string" ? file : decodeURIComponent(new URL(String(file)).pathname));
export function readFileSync(file, options) {
  const text = FILES[pathOf(file)];
  if (text === undefined) {
    const error = new Error("ENOENT: " + pathOf(file) + " is not in the bundle (typemcp bundles the files code names with new URL(\\"…\\", import.meta.url))");
    error.code = "ENOENT";
    throw error;
  }
  const encoding = typeof options === "string" ? options : options?.encoding;
  return encoding ? text : new TextEncoder().encode(text);
}
export function existsSync(file) { return pathOf(file) in FILES; }
export default { readFileSync, existsSync };
`,
      }));
    },
  };
}
