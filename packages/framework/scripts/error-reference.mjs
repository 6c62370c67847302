// Writes the error reference of docs/errors.md from ERROR_CODES and their descriptions
// (src/errors/code-descriptions.ts), as built into dist/.
//   node scripts/error-reference.mjs           rewrite the page's generated block
//   node scripts/error-reference.mjs --check   exit 1 if the page is not current
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { withErrorReference } from "../dist/errors/error-reference.js";

const page = fileURLToPath(new URL("../docs/errors.md", import.meta.url));
const before = fs.readFileSync(page, "utf8");
const after = withErrorReference(before);
if (process.argv.includes("--check")) {
  if (before !== after) {
    console.error("docs/errors.md is not current: run node scripts/error-reference.mjs (after building the framework).");
    process.exit(1);
  }
  console.log("docs/errors.md is current");
} else if (before !== after) {
  fs.writeFileSync(page, after);
  console.log("docs/errors.md rewritten");
}
