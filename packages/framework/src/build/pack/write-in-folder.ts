import fs from "node:fs";
import path from "node:path";
import { HostError } from "../../errors/host-error.js";
import { isInside } from "./bundle-contents.js";

/**
 * Writes `data` as `fileName` directly inside `folder` and returns the file's path. `fileName`
 * must be one plain file name (no folder, no `..`), so nothing lands outside `folder`. The bytes
 * go to a new temporary file beside it that is then renamed over the name: a symbolic link already
 * there is replaced, never followed, and a reader never sees half a file.
 */
export function writeInFolder(folder: string, fileName: string, data: string | Uint8Array): string {
  const target = path.join(folder, fileName);
  if (fileName !== path.basename(fileName) || fileName === "." || fileName === ".." || /[\\/]/.test(fileName) || !isInside(folder, target)) {
    throw new HostError("HOST_USAGE", `refusing to write ${JSON.stringify(fileName)}: it is not a plain file name inside ${folder}.`);
  }
  const temporary = path.join(folder, `.${fileName}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, data, { flag: "wx" });
  try {
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  return target;
}
