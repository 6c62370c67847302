import fs from "node:fs";
import path from "node:path";

/**
 * Writes a build's files only once all of them exist: each goes to a temporary file beside its
 * place and is renamed over it, so a failed or interrupted build never leaves a half-written
 * file behind, and a running server never reads one. Entry points that start with `#!` become
 * executable.
 */
export function writeOutputs(outputs: ReadonlyMap<string, string>): void {
  const staged: Array<[string, string]> = [];
  try {
    for (const [file, text] of outputs) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.typemcp-tmp`;
      fs.writeFileSync(temporary, text, { mode: /\.[cm]?js$/.test(file) && text.startsWith("#!") ? 0o755 : 0o644 });
      staged.push([temporary, file]);
    }
    for (const [temporary, file] of staged) fs.renameSync(temporary, file);
  } finally {
    for (const [temporary] of staged) fs.rmSync(temporary, { force: true });
  }
}
