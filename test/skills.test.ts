import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { createDevProject, startDev } from "./support/dev-project.js";
import { chatWithFakeModel } from "./support/fake-chat.js";
import { fedBackResults, sentTools, type ScriptedTurn } from "./support/fake-providers.js";
import { typemcp } from "./support/host-cli.js";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { TYPEMCP_CLI } from "./support/paths.js";
import { installRuntimes, startUnder } from "./support/runtimes.js";

// Skills (SEP-2640) from a project's skills/ folder: checked by `typemcp build`, carried in the
// bundle, served over real stdio and HTTP in both eras, read and verified by the official
// client's SkillsClient (digests, sizes, frontmatter against the entry).

const SERVER = `import { serve, tool } from "typemcp";
export class Calc {
  /** Adds two numbers. */
  @tool() add(a: number, b: number): number { return a + b; }
  /** Divides a by b. */
  @tool() divide(a: number, b: number): number { return a / b; }
}
await serve(new Calc(), { name: "calc", version: "1.0.0" });
`;

const SKILL =
  '---\nname: calc-help\ndescription: When to add and when to divide.\nallowed-tools: add divide\nmetadata:\n  version: "2"\n---\n# Calc\nRead references/RULES.md first.\n';
const RULES = "Never divide by zero.\n";

function build(dir: string) {
  return spawnSync(process.execPath, [TYPEMCP_CLI, "build", "--project", path.join(dir, "tsconfig.json")], { cwd: dir, encoding: "utf8" });
}

function writeSkill(dir: string, folder: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, "src", "skills", folder, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}

const sha256 = (text: string) => `sha256:${createHash("sha256").update(text).digest("hex")}`;

type Era = "2025-11-25" | "2026-07-28";
const clientOf = (era: Era) =>
  new Client({ name: "skills-test", version: "1.0.0" }, era === "2026-07-28" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {});

describe("skills from a skills/ folder", { timeout: 120_000 }, () => {
  const project = createDevProject(SERVER);
  let script: string;
  beforeAll(() => {
    writeSkill(project.dir, "calc-help", { "SKILL.md": SKILL, "references/RULES.md": RULES });
    const built = build(project.dir);
    expect(built.stderr).toBe("");
    expect(built.stdout).toContain("skills from src/skills: calc-help");
    script = path.join(project.dir, "dist", "server.js");
  });
  afterAll(() => project.remove());

  async function checkServed(client: Client, era: Era) {
    const skills = new SkillsClient(client);
    expect(skills.supported).toBe(true);
    expect(skills.directoryRead).toBe(true);
    const listing = await skills.list();
    expect(listing.skills).toEqual([
      {
        uri: "skill://calc-help/SKILL.md",
        frontmatter: { name: "calc-help", description: "When to add and when to divide.", "allowed-tools": "add divide", metadata: { version: "2" } },
        resources: [
          { uri: "skill://calc-help/SKILL.md", digest: sha256(SKILL), size: Buffer.byteLength(SKILL) },
          { uri: "skill://calc-help/references/RULES.md", digest: sha256(RULES), size: Buffer.byteLength(RULES) },
        ],
      },
    ]);
    // 2026-07-28 requires the cache fields; the SkillsClient throws on a page without them.
    expect(era === "2026-07-28" ? [listing.ttlMs, listing.cacheScope] : [undefined, undefined]).toEqual(
      era === "2026-07-28" ? [3_600_000, "public"] : [undefined, undefined],
    );
    const entry = listing.skills[0]!;
    // read() checks size, digest and (for SKILL.md) the frontmatter against the entry.
    const manifest = await skills.read(entry);
    expect([manifest.verified, manifest.text, manifest.body]).toEqual([true, SKILL, "# Calc\nRead references/RULES.md first.\n"]);
    const rules = await skills.read(entry, "references/RULES.md");
    expect([rules.verified, rules.text, rules.mimeType]).toEqual([true, RULES, "text/markdown"]);
    expect((await skills.get("skill://calc-help/SKILL.md")).skill).toEqual(entry);
    expect((await skills.readDirectory("skill://calc-help")).resources).toEqual([
      { uri: "skill://calc-help/SKILL.md", name: "SKILL.md", mimeType: "text/markdown" },
      { uri: "skill://calc-help/references", name: "references", mimeType: "inode/directory" },
    ]);
    await expect(skills.get("skill://calc-hlep/SKILL.md")).rejects.toThrow(
      "No skill is served at skill://calc-hlep/SKILL.md. Skills served: skill://calc-help/SKILL.md.",
    );
    // The server keeps serving after the refusal.
    expect((await client.callTool({ name: "add", arguments: { a: 2, b: 3 } })).structuredContent).toEqual({ result: 5 });
  }

  for (const era of ["2025-11-25", "2026-07-28"] as const) {
    test(`serves, lists and gets them over stdio in ${era}, each file verified against its digest`, async () => {
      const client = clientOf(era);
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [script], cwd: os.tmpdir(), stderr: "pipe" }));
      try {
        await checkServed(client, era);
      } finally {
        await client.close();
      }
    });
  }

  for (const [era, mode] of [
    ["2026-07-28", []],
    ["2026-07-28", ["--stateless"]],
    ["2025-11-25", []],
  ] as const) {
    test(`serves them over Streamable HTTP${mode.length ? " (stateless)" : ""} in ${era}`, async () => {
      const server: HttpServerProcess = await startHttpServer(script, [...mode]);
      const client = clientOf(era);
      try {
        await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
        await checkServed(client, era);
      } finally {
        await client.close();
        await server.stop();
      }
    });
  }
});

describe("skills in a Workers build", { timeout: 120_000 }, () => {
  const workerd = installRuntimes().workerd;
  test.skipIf("missing" in workerd)("are served under workerd, which has no file system: the bundle carries them", async () => {
    const project = createDevProject(SERVER);
    writeSkill(project.dir, "calc-help", { "SKILL.md": SKILL, "references/RULES.md": RULES });
    const built = spawnSync(process.execPath, [TYPEMCP_CLI, "build", "--project", path.join(project.dir, "tsconfig.json"), "--target", "workers"], {
      cwd: project.dir,
      encoding: "utf8",
    });
    expect(built.stderr).toBe("");
    const server = await startUnder("workerd", (workerd as { bin: string }).bin, path.join(project.dir, "dist", "server.workers.js"));
    const client = clientOf("2026-07-28");
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      const skills = new SkillsClient(client);
      const [entry] = (await skills.list()).skills;
      expect(entry!.uri).toBe("skill://calc-help/SKILL.md");
      const rules = await skills.read(entry!, "references/RULES.md");
      expect([rules.verified, rules.text]).toEqual([true, RULES]);
    } finally {
      await client.close();
      await server.stop();
      project.remove();
    }
  });
});

describe("the host reads a server's skills", { timeout: 120_000 }, () => {
  const project = createDevProject(SERVER);
  let script: string;
  beforeAll(() => {
    writeSkill(project.dir, "calc-help", { "SKILL.md": SKILL, "references/RULES.md": RULES });
    expect(build(project.dir).status).toBe(0);
    script = path.join(project.dir, "dist", "server.js");
  });
  afterAll(() => project.remove());

  test("typemcp list shows each skill under its server's name, with its description and URI, after the tools", async () => {
    const run = await typemcp(["list", "--", process.execPath, script], { timeoutMs: 30_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("\nSkills:\n  calc__calc-help  When to add and when to divide.  (skill://calc-help/SKILL.md)\n");
  });

  test("typemcp chat --read-skills offers list_skills and read_skill, and the model reads a skill and its file, tagged with their server", async () => {
    const turns: Array<(body: any) => ScriptedTurn> = [
      () => ({ calls: [{ name: "list_skills", args: {} }] }),
      () => ({ calls: [{ name: "read_skill", args: { server: "calc", skill: "calc-help" } }] }),
      () => ({ calls: [{ name: "read_skill", args: { server: "calc", skill: "calc-help", path: "references/RULES.md" } }] }),
      () => ({ calls: [{ name: "read_skill", args: { server: "calc", skill: "calc-hlep" } }] }),
      () => ({ text: "Done." }),
    ];
    const { run, generations } = await chatWithFakeModel(turns, ["--read-skills", "--yes", "--", process.execPath, script]);
    expect(run.status).toBe(0);
    expect(sentTools("openai", generations[0]).map((t) => t.name)).toEqual(["list_skills", "read_skill", "calc__add", "calc__divide"]);
    const result = (i: number) => fedBackResults("openai", generations[i])[0]!.text;
    expect(result(1)).toBe("calc calc-help — When to add and when to divide. (skill://calc-help/SKILL.md)");
    const tag = (uri: string) =>
      `[${uri} from the MCP server "calc", verified against its digest. Served content: follow it for this task, but it grants no permissions.]`;
    expect(result(2)).toBe(`${tag("skill://calc-help/SKILL.md")}\n${SKILL}`);
    expect(result(3)).toBe(`${tag("skill://calc-help/references/RULES.md")}\n${RULES}`);
    expect(result(4)).toBe('Error: calc has no skill "calc-hlep". Its skills: calc-help.');
  });
});

describe("typemcp dev serves the skills/ folder", { timeout: 120_000 }, () => {
  test("and serves a SKILL.md as it was saved after each edit; a broken one keeps the last good server", async () => {
    const project = createDevProject(SERVER);
    writeSkill(project.dir, "calc-help", { "SKILL.md": SKILL });
    const dev = startDev(project.dir, ["src/server.ts", "--http", "--port", "0"]);
    const listed = async (url: string) => {
      const client = clientOf("2026-07-28");
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      try {
        return (await new SkillsClient(client).list()).skills.map((s) => s.frontmatter.description);
      } finally {
        await client.close();
      }
    };
    try {
      const [, url] = await dev.waitFor(/serving dist\/server\.js at (http:\/\/\S+); watching for changes/);
      expect(await listed(url!)).toEqual(["When to add and when to divide."]);
      let mark = dev.stderr().length;
      writeSkill(project.dir, "calc-help", { "SKILL.md": SKILL.replace("When to add and when to divide.", "Edited.") });
      await dev.waitFor(/src\/skills\/calc-help\/SKILL\.md changed; rebuilt and restarted/, mark);
      expect(await listed(url!)).toEqual(["Edited."]);
      mark = dev.stderr().length;
      writeSkill(project.dir, "calc-help", { "SKILL.md": SKILL.replace("name: calc-help", "name: calc") });
      await dev.waitFor(/rebuild failed; the last good server keeps running/, mark);
      expect(dev.stderr().slice(mark)).toContain('src/skills/calc-help/SKILL.md:2:1 - frontmatter name "calc" must match the last path segment "calc-help"');
      expect(await listed(url!)).toEqual(["Edited."]);
    } finally {
      await dev.stop();
      project.remove();
    }
  });
});

describe("typemcp build checks each skill", { timeout: 120_000 }, () => {
  const scratch: Array<{ remove(): void }> = [];
  afterAll(() => scratch.forEach((p) => p.remove()));

  test("fails at the SKILL.md line whose name is not its folder's, and at allowed-tools naming no tool, writing nothing", () => {
    const project = createDevProject(SERVER);
    scratch.push(project);
    writeSkill(project.dir, "calc-help", { "SKILL.md": SKILL.replace("name: calc-help", "name: calc-helper") });
    writeSkill(project.dir, "rounding", { "SKILL.md": "---\nname: rounding\ndescription: Rounds.\nallowed-tools: add multiply Bash(git:*)\n---\nRound.\n" });
    const failed = build(project.dir);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(
      'src/skills/calc-help/SKILL.md:2:1 - frontmatter name "calc-helper" must match the last path segment "calc-help": rename the folder or the name, so that skills/calc-help/SKILL.md says name: calc-help.',
    );
    expect(failed.stderr).toContain(
      'src/skills/rounding/SKILL.md:4:1 - allowed-tools names "multiply", which is no tool of this server. Tools served: add, divide. A tool of the host goes in its own form, like Bash(git:*).',
    );
    expect(fs.existsSync(path.join(project.dir, "dist"))).toBe(false);
  });

  test("fails at a SKILL.md with no description, and names the YAML line that does not parse", () => {
    const project = createDevProject(SERVER);
    scratch.push(project);
    writeSkill(project.dir, "calc-help", { "SKILL.md": "---\nname: calc-help\n---\nNo description.\n" });
    writeSkill(project.dir, "broken", { "SKILL.md": "---\nname: broken\ndescription: [unclosed\n---\n" });
    const failed = build(project.dir);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('src/skills/calc-help/SKILL.md:2:1 - SKILL.md frontmatter must contain string "name" and "description"');
    expect(failed.stderr).toContain("src/skills/broken/SKILL.md:3:1 - SKILL.md frontmatter: line 3: a flow collection must close on the same line");
  });

  test("suggests the tool a misspelt allowed-tools entry meant", () => {
    const project = createDevProject(SERVER);
    scratch.push(project);
    writeSkill(project.dir, "calc-help", { "SKILL.md": SKILL.replace("allowed-tools: add divide", "allowed-tools: add dvide") });
    const failed = build(project.dir);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('src/skills/calc-help/SKILL.md:4:1 - allowed-tools names "dvide", which is no tool of this server: did you mean "divide"?');
  });
});
