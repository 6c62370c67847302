import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "esbuild";
import { ownModuleFile } from "../own-module-file.js";

const BUNDLED_FS = ownModuleFile(new URL("../bundle/stubs/bundled-fs.js", import.meta.url));

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
      // node:fs is bundled-fs.ts, a real module; the files themselves are data in a virtual one.
      build.onResolve({ filter: /^(node:)?fs$/ }, () => ({ path: BUNDLED_FS }));
      build.onResolve({ filter: /^typemcp:bundled-files$/ }, () => ({ path: "files", namespace: "typemcp-bundled-files" }));
      build.onLoad({ filter: /.*/, namespace: "typemcp-bundled-files" }, () => ({ loader: "json", contents: JSON.stringify(files) }));
    },
  };
}
