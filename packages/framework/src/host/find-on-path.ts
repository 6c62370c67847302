import fs from "node:fs";
import path from "node:path";

/**
 * The file `command` names on `PATH`, as a shell would find it (on Windows with each `PATHEXT`
 * extension), or undefined when no folder holds it.
 */
export function findOnPath(command: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const extensions = process.platform === "win32" ? (env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";") : [""];
  for (const folder of (env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    for (const extension of extensions) {
      const found = path.join(folder, command + extension);
      if (isFile(found)) return found;
    }
  }
  return undefined;
}

/** Whether `file` is a file (not a folder, not missing). */
export function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
