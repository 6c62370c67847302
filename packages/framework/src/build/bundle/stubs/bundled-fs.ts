/**
 * Stands in for `node:fs` in a platform bundle with no file system of the package (Workers): the
 * text files the author's code names with `new URL("…", import.meta.url)` are in the bundle
 * (`typemcp:bundled-files`, by path), and these read them from there.
 * @packageDocumentation
 */
import FILES from "typemcp:bundled-files";

const pathOf = (file: string | URL): string => (typeof file === "string" ? file : decodeURIComponent(new URL(String(file)).pathname));

/** A bundled file's text (with an encoding) or bytes; ENOENT, naming the file, for one not in the bundle. */
export function readFileSync(file: string | URL, options?: string | { encoding?: string | null }): string | Uint8Array {
  const text = FILES[pathOf(file)];
  if (text === undefined) {
    const error = new Error(
      `ENOENT: ${pathOf(file)} is not in the bundle (typemcp bundles the files code names with new URL("…", import.meta.url))`,
    ) as Error & {
      code: string;
    };
    error.code = "ENOENT";
    throw error;
  }
  const encoding = typeof options === "string" ? options : options?.encoding;
  return encoding ? text : new TextEncoder().encode(text);
}

/** Whether the bundle carries `file`. */
export function existsSync(file: string | URL): boolean {
  return pathOf(file) in FILES;
}

export default { readFileSync, existsSync };
