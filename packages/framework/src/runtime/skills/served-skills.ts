import { ProtocolError } from "../../errors/protocol-error.js";
import { someNames } from "../validation/some-names.js";
import { DIRECTORY_MIME_TYPE, type SkillEntry, type SkillFileContent, type SkillSet } from "./skill-entry.js";

/** A resource as `resources/list` and `resources/directory/read` describe it. */
export interface SkillResourceInfo {
  readonly uri: string;
  readonly name: string;
  readonly description?: string;
  readonly mimeType: string;
}

/**
 * The skills one server serves, indexed for the Skills extension's methods: entries by the URI of
 * their `SKILL.md`, file contents by URI, and every directory above a file (the skill roots, their
 * subfolders and any organizational prefix) with its direct children.
 */
export class ServedSkills {
  private readonly entries: ReadonlyMap<string, SkillEntry>;
  private readonly directories = new Map<string, Map<string, SkillResourceInfo>>();

  constructor(private readonly set: SkillSet) {
    this.entries = new Map([...set.skills].sort((a, b) => (a.uri < b.uri ? -1 : 1)).map((s) => [s.uri, s]));
    for (const [uri, content] of Object.entries(set.files)) this.addToDirectories(uri, content);
  }

  /** Whether any skill is served. */
  get size(): number {
    return this.entries.size;
  }

  /** Every entry, by URI. */
  list(): SkillEntry[] {
    return [...this.entries.values()];
  }

  /** The entry whose `SKILL.md` is at `uri`; -32602 naming the skills there are when none is. */
  get(uri: string): SkillEntry {
    const entry = this.entries.get(uri);
    if (entry) return entry;
    const hint = /\/SKILL\.md$/.test(uri) ? "" : " A skill is named by the URI of its SKILL.md.";
    throw new ProtocolError("UNKNOWN_SKILL", `No skill is served at ${clip(uri)}.${hint} Skills served: ${someNames(this.entries.keys(), "skills/list")}.`);
  }

  /** The content of the skill file at `uri`, or undefined when it is none. */
  read(uri: string): (SkillFileContent & { uri: string }) | undefined {
    const content = this.set.files[uri];
    return content && Object.hasOwn(this.set.files, uri) ? { uri, ...content } : undefined;
  }

  /** The direct children of the directory at `uri`; -32602 when it is not one. */
  readDirectory(uri: string): SkillResourceInfo[] {
    const children = this.directories.get(uri);
    if (children) return [...children.values()];
    const what =
      this.set.files[uri] && Object.hasOwn(this.set.files, uri) ? "is a file, not a directory resource" : "is not a directory of this server's skills";
    throw new ProtocolError("UNKNOWN_SKILL", `${clip(uri)} ${what}. Skill directories are written without a trailing slash, like skill://name.`);
  }

  /** Each skill's `SKILL.md` as `resources/list` lists it (its name and description from the frontmatter). */
  listed(): SkillResourceInfo[] {
    return this.list().map((s) => ({ uri: s.uri, name: s.frontmatter.name, description: s.frontmatter.description, mimeType: "text/markdown" }));
  }

  // Each ancestor of a file down to the scheme's first segment is a directory listing the next step.
  private addToDirectories(uri: string, content: SkillFileContent): void {
    const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(uri)?.[0];
    if (!scheme) return;
    const segments = uri.slice(scheme.length).split("/");
    for (let depth = 1; depth < segments.length; depth++) {
      const directory = scheme + segments.slice(0, depth).join("/");
      const name = segments[depth]!;
      const child =
        depth === segments.length - 1 ? { uri, name, mimeType: content.mimeType } : { uri: `${directory}/${name}`, name, mimeType: DIRECTORY_MIME_TYPE };
      let children = this.directories.get(directory);
      if (!children) this.directories.set(directory, (children = new Map()));
      children.set(child.uri, child);
    }
  }
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text;
}
