import fs from "node:fs/promises";
import path from "node:path";
import { HostError } from "../errors/host-error.js";
import type { OpenApiDocument } from "./openapi-document.js";

/**
 * Reads an OpenAPI document from a file or an http(s) URL, as JSON or YAML, and makes sure it is
 * OpenAPI 3.0, 3.1 or 3.2. Everything wrong is a HostError (exit 2) that names the source and says
 * what to do: a missing file, unreadable JSON or YAML (with its line), a Swagger 2.0 document.
 */
export async function readDocument(source: string): Promise<OpenApiDocument> {
  const text = /^https?:\/\//i.test(source) ? await download(source) : await readFile(source);
  const parsed = await parse(text, source);
  return checkVersion(parsed, source);
}

async function readFile(file: string): Promise<string> {
  try {
    return await fs.readFile(file, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT") throw new HostError("HOST_USAGE", `there is no file ${file} (looked in ${path.resolve(path.dirname(file))}).`);
    throw new HostError("HOST_USAGE", `cannot read ${file} (${code ?? (error as Error).message}).`);
  }
}

async function download(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(30_000), headers: { accept: "application/json, application/yaml;q=0.9, */*;q=0.5" } });
  } catch (error) {
    throw new HostError("HOST_USAGE", `cannot download ${url}: ${(error as Error).message}.`, { cause: error });
  }
  if (!response.ok) throw new HostError("HOST_USAGE", `cannot download ${url}: it answered HTTP ${response.status} ${response.statusText}.`);
  return response.text();
}

// JSON when it looks like JSON (a .json name or a leading brace), else YAML, which the yaml
// package reads only here: no other command pays for loading it.
async function parse(text: string, source: string): Promise<unknown> {
  const json = /\.json$/i.test(source.replace(/[?#].*$/, "")) || text.trimStart().startsWith("{");
  if (json) {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new HostError("HOST_USAGE", `${source} is not valid JSON: ${(error as Error).message}.`, { cause: error });
    }
  }
  const { parse: parseYaml, YAMLParseError } = await import("yaml");
  try {
    return parseYaml(text, { maxAliasCount: 1000 });
  } catch (error) {
    // The parser's message is the problem then an excerpt; the first line says where.
    const message = error instanceof YAMLParseError ? error.message.split("\n")[0] : (error as Error).message;
    throw new HostError("HOST_USAGE", `${source} is not valid YAML: ${message}`, { cause: error });
  }
}

function checkVersion(parsed: unknown, source: string): OpenApiDocument {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new HostError("HOST_USAGE", `${source} is not an OpenAPI document: it holds no object at its top.`);
  const document = parsed as Record<string, unknown>;
  if (document.swagger !== undefined)
    throw new HostError(
      "HOST_USAGE",
      `${source} is a Swagger ${String(document.swagger)} document; typemcp openapi reads OpenAPI 3.0, 3.1 and 3.2. Convert it first (the Swagger Editor's "Convert to OpenAPI 3", or npx swagger2openapi ${path.basename(source)} -o openapi.json) and run this again on the result.`,
    );
  const version = document.openapi;
  if (typeof version !== "string") throw new HostError("HOST_USAGE", `${source} is not an OpenAPI document: it has no "openapi" version field.`);
  // 3.2 only adds to 3.1 (the QUERY method, streamed items), so it is read as 3.1 is.
  if (!/^3\.[0-2]\./.test(version)) throw new HostError("HOST_USAGE", `${source} is OpenAPI ${version}; typemcp openapi reads OpenAPI 3.0, 3.1 and 3.2.`);
  return document as unknown as OpenApiDocument;
}
