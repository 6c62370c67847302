import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Root } from "../host/client-answers.js";
import { HostError } from "../errors/host-error.js";

/**
 * The roots of an interactive chat, which `/roots add PATH` and `/roots remove PATH` change:
 * each server reads `list` at its next `roots/list`, once told the roots changed.
 */
export class ChatRoots {
  private roots: Root[];

  constructor(
    initial: readonly Root[],
    private readonly cwd = process.cwd(),
  ) {
    this.roots = [...initial];
  }

  /** The roots now. */
  get list(): readonly Root[] {
    return this.roots;
  }

  /** `/roots`: one root a line, as servers see it. */
  describe(): string {
    return `${this.roots.map((root) => `${root.uri} (${root.name ?? ""})`).join("\n") || "No roots: the servers are shown no directory."}\n`;
  }

  /** Adds an existing file or directory; throws a HostError for one that does not exist or is shared already. */
  add(value: string): Root {
    const full = path.resolve(this.cwd, value);
    if (!fs.existsSync(full)) throw new HostError("HOST_USAGE", `/roots add ${value}: ${full} does not exist.`);
    const uri = pathToFileURL(full).href;
    if (this.roots.some((root) => root.uri === uri)) throw new HostError("HOST_USAGE", `${uri} is a root already.`);
    const root = { uri, name: path.basename(full) || full };
    this.roots = [...this.roots, root];
    return root;
  }

  /** Removes the root at a path (or with that URI or name); throws a HostError naming the roots when none matches. */
  remove(value: string): Root {
    const uri = value.startsWith("file:") ? value : pathToFileURL(path.resolve(this.cwd, value)).href;
    const root = this.roots.find((r) => r.uri === uri) ?? this.roots.find((r) => r.name === value);
    if (!root) {
      const known = this.roots.map((r) => fileURLToPath(r.uri)).join(", ") || "none";
      throw new HostError("HOST_USAGE", `/roots remove ${value}: not a root. The roots are: ${known}.`);
    }
    this.roots = this.roots.filter((r) => r !== root);
    return root;
  }
}
