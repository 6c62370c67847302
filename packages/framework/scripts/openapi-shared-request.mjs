// Rewrites src/openapi/shared-request-text.ts from src/openapi/emitted/shared-request.ts: the
// regions of code `typemcp openapi` copies into every file it writes, as string constants the
// published package carries (it ships no .ts sources). src/openapi/shared-request-text.test.ts
// fails when the two differ.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const source = fs.readFileSync(new URL("../src/openapi/emitted/shared-request.ts", import.meta.url), "utf8");
const region = (name) => {
  const match = new RegExp(`\\n( *)// #region ${name}\\n([\\s\\S]*?)\\n *// #endregion`).exec(source);
  if (!match) throw new Error(`no region "${name}" in emitted/shared-request.ts`);
  return match[2].endsWith("\n") ? match[2] : `${match[2]}\n`;
};
const text = `// Written by scripts/openapi-shared-request.mjs from emitted/shared-request.ts: edit that file, then run the script.

/** The declarations every generated file holds at its top level: \`ApiRequest\`, \`setting\`, \`wireText\`, \`eitherSignal\`, \`encodeBody\`. */
export const SHARED_DECLARATIONS = ${JSON.stringify(region("module"))};

/** The \`request\` method every generated class holds, indented for the class body. */
export const SHARED_REQUEST_METHOD = ${JSON.stringify(region("class"))};
`;
const target = fileURLToPath(new URL("../src/openapi/shared-request-text.ts", import.meta.url));
fs.writeFileSync(target, text);
// Formatted as `pnpm format` would (biome quotes each string the way that needs fewer escapes).
execFileSync(process.execPath, [createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome"), "format", "--write", target], { stdio: "ignore" });
