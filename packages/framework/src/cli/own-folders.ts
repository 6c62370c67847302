import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Root } from "../host/client-answers.js";
import type { ServerSpec } from "../host/server-spec.js";

/**
 * The directories a stdio server's own command line names (`mcp-server-filesystem ~/notes`, say),
 * as roots: what the server was configured to work in. A server that asks for the host's roots
 * replaces its configured folders with them (the filesystem server does), so a host that answered
 * with its working directory would silently narrow or widen what the user set up; offered these
 * instead, the server keeps its folders. Empty for an HTTP server or one whose arguments name no
 * existing directory.
 */
export function ownFolders(spec: ServerSpec, cwd = process.cwd()): Root[] {
  if (spec.kind !== "stdio") return [];
  const base = spec.cwd ? path.resolve(cwd, spec.cwd) : cwd;
  const seen = new Set<string>();
  return spec.args.flatMap((arg) => {
    // Flags (--root=/x as well as -v) are the server's own business: only bare paths count.
    if (arg.startsWith("-") || arg.includes("://")) return [];
    const full = path.resolve(base, arg);
    if (seen.has(full) || !fs.statSync(full, { throwIfNoEntry: false })?.isDirectory()) return [];
    seen.add(full);
    return [{ uri: pathToFileURL(full).href, name: path.basename(full) || full }];
  });
}

/**
 * The roots to offer `spec`: those the user chose (`--root`, `/roots add|remove`) when they did;
 * otherwise the folders its command line names, else `shared` (the working directory).
 */
export function rootsFor(spec: ServerSpec | undefined, shared: readonly Root[], chosen: boolean): readonly Root[] {
  if (chosen || !spec) return shared;
  const own = ownFolders(spec);
  return own.length ? own : shared;
}
