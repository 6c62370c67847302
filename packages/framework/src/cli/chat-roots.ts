import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Root } from "../host/client-answers.js";
import { HostError } from "../errors/host-error.js";
import type { ServerSpec } from "../host/server-spec.js";
import { ownFolders, rootsFor } from "./own-folders.js";

/**
 * The roots of an interactive chat, which `/roots add PATH` and `/roots remove PATH` change:
 * each server reads `list` at its next `roots/list`, once told the roots changed.
 */
export class ChatRoots {
  private roots: Root[];

  /**
   * @param chosen whether the user chose `initial` (`--root`): until they choose (here or with
   * `/roots add|remove`), a server whose command line names folders is offered those instead.
   */
  constructor(
    initial: readonly Root[],
    private chosen = false,
    private readonly cwd = process.cwd(),
  ) {
    this.roots = [...initial];
  }

  /** The roots now. */
  get list(): readonly Root[] {
    return this.roots;
  }

  /** The roots `spec`'s server is offered now (see `rootsFor`). */
  forServer(spec: ServerSpec | undefined): readonly Root[] {
    return rootsFor(spec, this.roots, this.chosen);
  }

  /** The servers offered their own folders rather than the roots, with those folders. */
  ownFolders(specs: readonly ServerSpec[]): { server: string; folders: readonly Root[] }[] {
    if (this.chosen) return [];
    return specs.flatMap((spec) => {
      const folders = ownFolders(spec, this.cwd);
      return folders.length ? [{ server: spec.name ?? "", folders }] : [];
    });
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
    this.chosen = true;
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
    this.chosen = true;
    return root;
  }
}
