import { describe, expect, test } from "vitest";
import { ServedSkills } from "./served-skills.js";
import type { SkillEntry } from "./skill-entry.js";
import { toSkillFileContent } from "./skill-file-content.js";

const entry = (uri: string, name: string): SkillEntry => ({
  uri,
  frontmatter: { name, description: `About ${name}.` },
  resources: [{ uri, digest: "sha256:0", size: 1 }],
});
const md = { mimeType: "text/markdown", text: "x" };

describe("ServedSkills", () => {
  test("lists every directory above a file, organizational prefixes included, each with its direct children", () => {
    const skills = new ServedSkills({
      skills: [entry("skill://acme/billing/refunds/SKILL.md", "refunds")],
      files: { "skill://acme/billing/refunds/SKILL.md": md, "skill://acme/billing/refunds/templates/eu/invoice.md": md },
    });
    expect(skills.readDirectory("skill://acme")).toEqual([{ uri: "skill://acme/billing", name: "billing", mimeType: "inode/directory" }]);
    expect(skills.readDirectory("skill://acme/billing/refunds")).toEqual([
      { uri: "skill://acme/billing/refunds/SKILL.md", name: "SKILL.md", mimeType: "text/markdown" },
      { uri: "skill://acme/billing/refunds/templates", name: "templates", mimeType: "inode/directory" },
    ]);
    expect(() => skills.readDirectory("skill://acme/billing/refunds/")).toThrow("skill://acme/billing/refunds/ is not a directory of this server's skills.");
    expect(skills.read("skill://acme/billing/refunds/templates/eu")).toBeUndefined();
  });

  test("names at most 20 skills when a URI names none, and says that skills/list names them all", () => {
    const uris = Array.from({ length: 22 }, (_, i) => `skill://s${String(i).padStart(2, "0")}/SKILL.md`);
    const skills = new ServedSkills({ skills: uris.map((u, i) => entry(u, `s${i}`)), files: {} });
    expect(() => skills.get("skill://nope/SKILL.md")).toThrow(`Skills served: ${uris.slice(0, 20).join(", ")} and 2 more (skills/list names them all).`);
  });

  test("a URI inherited from Object.prototype is no file", () => {
    const skills = new ServedSkills({ skills: [], files: {} });
    expect(skills.read("constructor")).toBeUndefined();
    expect(skills.read("__proto__")).toBeUndefined();
  });
});

describe("toSkillFileContent", () => {
  test("keeps a text file's byte order mark, so the text encodes back to the bytes its digest covers", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]);
    const content = toSkillFileContent("notes.md", bytes);
    expect(content).toEqual({ mimeType: "text/markdown", text: "\ufeffhi" });
    expect(new TextEncoder().encode((content as { text: string }).text)).toEqual(bytes);
  });

  test("sends a text file that is not UTF-8, and bytes of an unknown type, as base64", () => {
    expect(toSkillFileContent("latin1.txt", new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toEqual({ mimeType: "text/plain", blob: "Y2Fm6Q==" });
    expect(toSkillFileContent("data.bin", new Uint8Array([0, 1, 2]))).toEqual({ mimeType: "application/octet-stream", blob: "AAEC" });
  });
});
