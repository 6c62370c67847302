import fs from "node:fs";
import path from "node:path";
import { BuildError } from "../../errors/build-error.js";

/** One skill folder found on disk: its path under `skill://` and its files by path inside it. */
export interface FoundSkill {
  /** `calc-help`, or `acme/billing/refunds` for a skill inside folders that hold no SKILL.md. */
  readonly skillPath: string;
  /** The skill's folder. */
  readonly dir: string;
  /** Every file of the skill, nested skills' included, by its `/`-separated path inside the folder. */
  readonly files: Readonly<Record<string, Uint8Array>>;
}

/** The folder of an entry's skills: `skills/` beside its source file, else `skills/` in the package. */
export function skillsFolderOf(entrySource: string, packageDir: string): string | undefined {
  return [path.join(path.dirname(entrySource), "skills"), path.join(packageDir, "skills")].find((dir) =>
    fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory(),
  );
}

/**
 * Every skill under `root`: each folder holding a `SKILL.md`, at any depth (a folder above it is
 * an organizational prefix). Names starting with "." are not served (`.DS_Store`, `.git`); a
 * symbolic link is a BuildError, since what it points at would not travel with the package.
 */
export function findSkills(root: string): FoundSkill[] {
  const found: FoundSkill[] = [];
  const visit = (dir: string): void => {
    const names = listed(dir);
    if (names.some((n) => n.name === "SKILL.md" && n.isFile())) {
      const skillPath = path.relative(root, dir).split(path.sep).join("/");
      found.push({ skillPath, dir, files: Object.fromEntries(filesUnder(dir, "")) });
    }
    for (const entry of names) if (entry.isDirectory()) visit(path.join(dir, entry.name));
  };
  if (listed(root).some((n) => n.name === "SKILL.md"))
    throw new BuildError(
      "INVALID_SKILL",
      `${path.join(root, "SKILL.md")}: a skill is a folder inside skills/, named as its SKILL.md's name (skills/<name>/SKILL.md), not skills/ itself.`,
      { location: { file: path.join(root, "SKILL.md"), line: 1, column: 1 } },
    );
  visit(root);
  return found;
}

function filesUnder(dir: string, prefix: string): [string, Uint8Array][] {
  return listed(dir).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    const name = prefix + entry.name;
    return entry.isDirectory() ? filesUnder(file, `${name}/`) : [[name, new Uint8Array(fs.readFileSync(file))] as [string, Uint8Array]];
  });
}

function listed(dir: string): fs.Dirent[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith("."))
    .map((entry) => {
      if (entry.isSymbolicLink())
        throw new BuildError(
          "INVALID_SKILL",
          `${path.join(dir, entry.name)} is a symbolic link: a skill's files must be in its folder, so that they travel with the package.`,
          {
            location: { file: path.join(dir, entry.name), line: 1, column: 1 },
          },
        );
      return entry;
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}
