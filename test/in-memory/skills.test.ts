import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { BuildError, createServer, type InlineSkill } from "typemcp";
import { connect } from "typemcp/testing";
import { EraTools } from "../fixtures/src/era-tools.js";

// Skills given in code (`skills` in createServer/serve), served through typemcp/testing's
// in-memory client in both eras: what the build's skills/ folder serves, without a build.

const SKILL_MD = "---\nname: greeting\ndescription: How to greet a user by name.\nlicense: MIT\n---\nCall greet with the user's name.\n";
const LOGO = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
const GREETING: InlineSkill = { path: "team/greeting", files: { "SKILL.md": SKILL_MD, "assets/logo.png": LOGO, "examples/hi.md": "Hi, Ada!\n" } };

const sha256 = (bytes: string | Uint8Array) => `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
const serverWith = (skills: readonly InlineSkill[]) => createServer(new EraTools(), { name: "skills", version: "0.0.1", skills });

for (const protocolVersion of ["2025-11-25", "2026-07-28"] as const) {
  describe(`skills given in code, protocol ${protocolVersion}`, () => {
    test("declares the extension with directoryRead and lists each skill with the digest of its bytes", async () => {
      const client = await connect(serverWith([GREETING]), { protocolVersion });
      try {
        expect((client.server.capabilities.extensions as Record<string, unknown> | undefined)?.["io.modelcontextprotocol/skills"]).toEqual({
          directoryRead: true,
        });
        const listed = await client.listSkills();
        expect(listed.skills).toEqual([
          {
            uri: "skill://team/greeting/SKILL.md",
            frontmatter: { name: "greeting", description: "How to greet a user by name.", license: "MIT" },
            resources: [
              { uri: "skill://team/greeting/SKILL.md", digest: sha256(SKILL_MD), size: SKILL_MD.length },
              { uri: "skill://team/greeting/assets/logo.png", digest: sha256(LOGO), size: LOGO.length },
              { uri: "skill://team/greeting/examples/hi.md", digest: sha256("Hi, Ada!\n"), size: 9 },
            ],
          },
        ]);
        expect([listed.ttlMs, listed.cacheScope]).toEqual(protocolVersion === "2026-07-28" ? [3_600_000, "public"] : [undefined, undefined]);
        expect(await client.getSkill("skill://team/greeting/SKILL.md")).toEqual(listed.skills[0]);
      } finally {
        await client.close();
      }
    });

    test("reads a skill's files as resources: text as text, other bytes as base64 that hash to the digest", async () => {
      const client = await connect(serverWith([GREETING]), { protocolVersion });
      try {
        expect(await client.readResource("skill://team/greeting/SKILL.md")).toEqual([
          { uri: "skill://team/greeting/SKILL.md", mimeType: "text/markdown", text: SKILL_MD },
        ]);
        const [logo] = (await client.readResource("skill://team/greeting/assets/logo.png")) as unknown as [{ blob: string; mimeType: string }];
        expect([logo.mimeType, sha256(Buffer.from(logo.blob, "base64"))]).toEqual(["image/png", sha256(LOGO)]);
        expect(await client.listResources()).toContainEqual({
          uri: "skill://team/greeting/SKILL.md",
          name: "greeting",
          description: "How to greet a user by name.",
          mimeType: "text/markdown",
        });
        expect(await client.readDirectory("skill://team")).toEqual([{ uri: "skill://team/greeting", name: "greeting", mimeType: "inode/directory" }]);
      } finally {
        await client.close();
      }
    });

    test("answers an unknown skill, a file given as a skill and a file read as a directory with -32602 naming what is wrong", async () => {
      const client = await connect(serverWith([GREETING]), { protocolVersion });
      try {
        await expect(client.getSkill("skill://team/greting/SKILL.md")).rejects.toThrow(
          "No skill is served at skill://team/greting/SKILL.md. Skills served: skill://team/greeting/SKILL.md.",
        );
        await expect(client.getSkill("skill://team/greeting")).rejects.toThrow(
          "No skill is served at skill://team/greeting. A skill is named by the URI of its SKILL.md.",
        );
        await expect(client.readDirectory("skill://team/greeting/SKILL.md")).rejects.toThrow(
          "skill://team/greeting/SKILL.md is a file, not a directory resource.",
        );
        await expect(client.getSkill("")).rejects.toThrow("params.uri must be a non-empty string");
        // Still serving.
        expect((await client.listSkills()).skills).toHaveLength(1);
      } finally {
        await client.close();
      }
    });
  });
}

describe("skills given in code", () => {
  test("a skill whose name is not its folder's stops connect() with a BuildError naming it", async () => {
    const wrong = { path: "greeting", files: { "SKILL.md": SKILL_MD.replace("name: greeting", "name: greet") } };
    const failure = await connect(serverWith([wrong])).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BuildError);
    expect((failure as BuildError).code).toBe("INVALID_SKILL");
    expect((failure as BuildError).message).toBe(
      'The skill "greeting" given in code (skills option) is not a valid skill: frontmatter name "greet" must match the last path segment "greeting".',
    );
  });

  test("a server without skills declares no skills extension and does not answer skills/list", async () => {
    const client = await connect(createServer(new EraTools(), { name: "plain", version: "0.0.1" }));
    try {
      expect((client.server.capabilities.extensions as Record<string, unknown> | undefined)?.["io.modelcontextprotocol/skills"]).toBeUndefined();
      await expect(client.listSkills()).rejects.toThrow(/Method not found/);
    } finally {
      await client.close();
    }
  });
});
