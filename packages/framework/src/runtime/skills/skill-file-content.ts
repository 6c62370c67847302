import type { SkillFileContent } from "./skill-entry.js";

// By extension; a skill's files are mostly text. What is not named here is sent as bytes.
const TYPES: Record<string, string> = {
  md: "text/markdown",
  markdown: "text/markdown",
  txt: "text/plain",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
  csv: "text/csv",
  html: "text/html",
  xml: "application/xml",
  js: "text/javascript",
  mjs: "text/javascript",
  ts: "text/x-typescript",
  py: "text/x-python",
  sh: "application/x-sh",
  sql: "application/sql",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
};

const TEXT = /^text\/|^application\/(json|yaml|xml|x-sh|sql)$|\+xml$/;

/** The MIME type a skill file is served with, from its name. */
export function skillMimeType(file: string): string {
  const extension = /\.([^./]+)$/.exec(file)?.[1]?.toLowerCase();
  return (extension && TYPES[extension]) ?? "application/octet-stream";
}

/**
 * A file's content for `resources/read`: as text when it is text and its bytes are valid UTF-8
 * (a BOM kept, so the text encodes back to exactly the bytes the digest covers), else base64.
 */
export function toSkillFileContent(file: string, bytes: Uint8Array): SkillFileContent {
  const mimeType = skillMimeType(file);
  if (TEXT.test(mimeType)) {
    try {
      return { mimeType, text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes) };
    } catch {
      // Not UTF-8: sent as bytes below, which the digest still covers.
    }
  }
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { mimeType, blob: btoa(binary) };
}
