import { readFileSync } from "node:fs";
import { invalid, parseApiKeys } from "../transports/http/api-keys.js";
import type { HttpOptions } from "../transports/http/http-options.js";

/**
 * `serve()`'s HTTP options with the keys of `--api-keys FILE` (or `MCP_API_KEYS_FILE`), read
 * once at start-up: a JSON list like `MCP_API_KEYS`, kept in a file so no key sits in the
 * environment or in `ps`. Without either, `http` as it was.
 */
export function withApiKeysFile(http: HttpOptions | undefined, argv: readonly string[], env: NodeJS.ProcessEnv): HttpOptions | undefined {
  const at = argv.indexOf("--api-keys");
  const file = at === -1 ? env.MCP_API_KEYS_FILE || undefined : argv[at + 1];
  // Given without a file (or with a variable that expanded to nothing), it must not leave the server open.
  if (at !== -1 && (file === undefined || file === "" || file.startsWith("--"))) throw invalid("--api-keys needs the file of keys: --api-keys keys.json");
  if (file === undefined) return http;
  if (env.MCP_API_KEYS) throw invalid("--api-keys / MCP_API_KEYS_FILE and MCP_API_KEYS are both set: give the keys one way");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw invalid(`--api-keys / MCP_API_KEYS_FILE: cannot read "${file}" (${(error as { code?: string }).code ?? String(error)})`);
  }
  return { ...http, auth: { ...http?.auth, apiKeys: parseApiKeys(text, file) } };
}
