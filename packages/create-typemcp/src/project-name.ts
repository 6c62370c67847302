import path from "node:path";

/** A valid npm package name made from the folder a project is created in (`My Server` → `my-server`). */
export function toPackageName(folder: string): string {
  const name = path
    .basename(path.resolve(folder))
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[-._]+|[-._]+$/g, "");
  return name.slice(0, 214) || "mcp-server";
}
