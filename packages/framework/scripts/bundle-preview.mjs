// Runs after `tsc -b`: bundles the preview page `typemcp view` serves (preview-page/, browser
// code with the MCP Apps AppBridge) into one HTML file, dist/preview/preview-page.html, in the
// same page shape `typemcp build` gives a view.
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toPage, zodInEnglishOnly } from "../dist/build/views/bundle-views.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const result = await build({
  entryPoints: [path.join(here, "..", "preview-page", "preview-page.ts")],
  bundle: true,
  write: false,
  outdir: path.join(here, "..", "dist", "preview"),
  platform: "browser",
  format: "iife",
  target: "es2022",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
  plugins: [zodInEnglishOnly],
});
const text = (ext) =>
  result.outputFiles
    .filter((f) => f.path.endsWith(ext))
    .map((f) => f.text)
    .join("\n");
fs.mkdirSync(path.join(here, "..", "dist", "preview"), { recursive: true });
fs.writeFileSync(path.join(here, "..", "dist", "preview", "preview-page.html"), toPage("typemcp view", text(".js"), text(".css")));
