import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chatWithFakeModel } from "./support/fake-chat.js";
import { fedBackResults, providerEnv, sentTools, startFakeProvider, type ScriptedTurn } from "./support/fake-providers.js";
import { typemcp, writeMcpConfig } from "./support/host-cli.js";
import { fromRoot, ROOT, TYPEMCP_CLI } from "./support/paths.js";
import { answerOnTerminal, canFakeTerminal } from "./support/terminal.js";

/** A hand-written 2025-11-25 server: resources to read, roots to ask, a URL to open. */
const TRUST = fromRoot("test/fixtures/trust-server.mjs");

let dir: string;
let trusted: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-chat-trust-"));
  trusted = writeMcpConfig(dir, { trust: { command: process.execPath, args: [TRUST], trust: "read-only" } });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `typemcp chat --prompt Go.` against a fake OpenAI scripted with `turns`; the server by `--` unless `server` says otherwise. */
function chat(turns: Array<(body: any) => ScriptedTurn>, extra: string[], server: string[] = ["--", process.execPath, TRUST]) {
  return chatWithFakeModel(turns, [...extra, ...server]);
}

const results = (body: any) => fedBackResults("openai", body);

describe("typemcp chat --read-resources: the model reads resources itself, under the same trust as calls", { timeout: 60_000 }, () => {
  test("lists them unasked, but a read from an untrusted server without a terminal is refused, saying how to allow it", async () => {
    const { run, generations } = await chat(
      [
        () => ({ calls: [{ name: "list_resources", args: {} }] }),
        () => ({ calls: [{ name: "read_resource", args: { server: "trust", uri: "notes://plan" } }] }),
        (body) => ({ text: `Said: ${results(body)[0]?.text}` }),
      ],
      ["--read-resources"],
    );
    expect(run.status).toBe(0);
    expect(sentTools("openai", generations[0]).map((t) => t.name)).toEqual([
      "list_resources",
      "read_resource",
      "trust__where",
      "trust__connect",
      "trust__sync",
    ]);
    expect(results(generations[1])[0]!.text).toBe(
      "trust notes://plan  plan (text/plain) — The release plan.\ntrust notes://long  long (text/plain) — A long log.\ntrust notes://logo  logo (image/png) — The logo.",
    );
    const reason =
      'The host refused to let the model read trust:notes://plan: its server "trust" is not trusted, and there is no terminal to ask for approval (trust it with "trust": "read-only" in mcp.json, or run with --yes).';
    expect(run.stderr).toContain(`→ read_resource {"server":"trust","uri":"notes://plan"}\n  ✗ refused (consent): ${reason}\n`);
    expect(run.stdout).toBe(`Said: Error: ${reason}\n`);
  });

  test("from a trusted server a read runs unasked: text whole, a long one cut at 20,000 characters, a binary one sent as media", async () => {
    const read = (uri: string) => () => ({ calls: [{ name: "read_resource", args: { server: "trust", uri } }] });
    const { run, generations } = await chat(
      [read("notes://plan"), read("notes://long"), read("notes://logo"), read("notes://nothing"), () => ({ text: "Read." })],
      ["--read-resources", "--config", trusted],
      [],
    );
    expect(run.status).toBe(0);
    expect(results(generations[1])[0]!.text).toBe("Ship on Friday.");
    const long = results(generations[2])[0]!.text;
    expect(long).toBe(`${"0123456789".repeat(2_000)}\n[Cut at 20,000 of 30,000 characters.]`);
    const [tool, media] = generations[3].messages.slice(-2);
    expect(tool.content).toBe("[resource notes://logo (image/png, 16 bytes)]");
    expect(media.content[1]).toEqual({ type: "image_url", image_url: { url: `data:image/png;base64,${Buffer.from("not really a png").toString("base64")}` } });
    expect(results(generations[4])[0]!.text).toContain("Error: The read failed:");
    expect(results(generations[4])[0]!.text).toContain("Resource not found: notes://nothing");
  });

  test("without --read-resources the model gets no resource tools, and a call to one is refused as unknown", async () => {
    const { run, generations } = await chat(
      [() => ({ calls: [{ name: "read_resource", args: { server: "trust", uri: "notes://plan" } }] }), () => ({ text: "No." })],
      ["--config", trusted],
      [],
    );
    expect(run.status).toBe(0);
    expect(sentTools("openai", generations[0]).map((t) => t.name)).toEqual(["trust__where", "trust__connect", "trust__sync"]);
    expect(results(generations[1])[0]!.text).toBe('Error: There is no tool named "read_resource". The tools are: trust__where, trust__connect, trust__sync.');
  });

  test.skipIf(!canFakeTerminal)("on a terminal, asks before the model reads from an untrusted server; no keeps it unread", async () => {
    const fake = await startFakeProvider("openai", (index, body) =>
      index === 0 ? { calls: [{ name: "read_resource", args: { server: "trust", uri: "notes://plan" } }] } : { text: `Said: ${results(body)[0]?.text}` },
    );
    try {
      const run = await answerOnTerminal(
        [
          "env",
          "OPENAI_API_KEY=test-key",
          process.execPath,
          TYPEMCP_CLI,
          "chat",
          "--read-resources",
          "--provider",
          "openai",
          "--model",
          "test-model",
          "--base-url",
          fake.baseUrl,
          "--no-stream",
          "--prompt",
          "Go.",
          "--",
          process.execPath,
          TRUST,
        ],
        'Let the model read trust:notes://plan? Its server "trust" is not trusted. [y]es / [N]o / [a]lways for this server:',
        "n",
        30_000,
      );
      expect(run.status).toBe(0);
      expect(run.output).toContain("Said: Error: The user did not let the model read trust:notes://plan.");
    } finally {
      await fake.close();
    }
  });
});

describe("typemcp chat: /roots changes the roots in a session, and the servers are told", { timeout: 60_000 }, () => {
  test("a 2025-11-25 server gets notifications/roots/list_changed and the new set; a 2026-07-28 server reads the new set in its next call", async () => {
    const config = writeMcpConfig(dir, {
      trust: { command: process.execPath, args: [TRUST] },
      questions: { command: process.execPath, args: [fromRoot("test/fixtures/dist/tc39/host-questions.js")] },
    });
    const where = {
      calls: [
        { name: "trust__where", args: {} },
        { name: "questions__whereAmI", args: {} },
      ],
    };
    const fake = await startFakeProvider("openai", (index) => (index % 2 === 0 ? where : { text: "Noted." }));
    try {
      const run = await typemcp(["chat", "--config", config, "--base-url", fake.baseUrl, "--model", "test-model", "--yes"], {
        env: providerEnv({}),
        timeoutMs: 40_000,
        input: ["/roots", "/roots add test", "/roots add nowhere", "Where?", "/roots remove .", "/roots remove nowhere", "/roots", "Where now?", "/quit"].join(
          "\n",
        ),
      });
      expect(run.status).toBe(0);
      const here = `file://${ROOT.replace(/\/$/, "")}`;
      const name = ROOT.replace(/\/$/, "").split("/").pop();
      const test = `file://${fromRoot("test")}`;
      expect(run.stdout).toContain(`${here} (${name})\n`);
      expect(run.stdout).toContain(`Added root ${test}. Told trust (roots/list_changed, 2025-11-25); questions reads them at the next call (2026-07-28).\n`);
      expect(run.stdout).toContain(`typemcp: /roots add nowhere: ${fromRoot("nowhere")} does not exist.\n`);
      expect(run.stdout).toContain(`Removed root ${here}. Told trust (roots/list_changed, 2025-11-25); questions reads them at the next call (2026-07-28).\n`);
      expect(run.stdout).toContain(`typemcp: /roots remove nowhere: not a root. The roots are: ${fromRoot("test")}.\n`);
      expect(run.stdout).toContain(`${test} (test)\n`);
      const [first, second] = [fake.generations()[1], fake.generations()[3]].map((body) => results(body).map((r) => r.text));
      expect(first).toEqual([`${here} (${name})\n${test} (test)\ntold of 1 change(s), last: ${name},test`, `${here} (${name})\n${test} (test)`]);
      expect(second).toEqual([`${test} (test)\ntold of 2 change(s), last: test`, `${test} (test)`]);
      expect(run.stderr).toBe("");
    } finally {
      await fake.close();
    }
  });
});

describe("roots: a server whose command line names its folder (as a filesystem server's does) is offered that folder", { timeout: 60_000 }, () => {
  const where = [() => ({ calls: [{ name: "trust__where", args: {} }] }), (body: any) => ({ text: `Said: ${results(body)[0]?.text}` })];
  const folder = () => fs.mkdtempSync(path.join(dir, "folder-"));
  const uriOf = (full: string) => `file://${full} (${path.basename(full)})`;

  test("by typemcp call, not the working directory it would otherwise be narrowed or widened to", async () => {
    const own = folder();
    const run = await typemcp(["call", "trust__where", "--", process.execPath, TRUST, own]);
    expect(run.stdout).toBe(`${uriOf(own)}\ntold of 0 change(s)\n`);
  });

  test("by typemcp call with --root, the roots the user chose instead; with no folder named, the working directory", async () => {
    const [own, chosen] = [folder(), folder()];
    expect((await typemcp(["call", "trust__where", "--root", chosen, "--", process.execPath, TRUST, own])).stdout).toBe(
      `${uriOf(chosen)}\ntold of 0 change(s)\n`,
    );
    expect((await typemcp(["call", "trust__where", "--", process.execPath, TRUST])).stdout).toBe(`${uriOf(ROOT.replace(/\/$/, ""))}\ntold of 0 change(s)\n`);
  });

  test("by typemcp chat from an mcp.json, each server its own folder", async () => {
    const [one, other] = [folder(), folder()];
    const config = writeMcpConfig(dir, { trust: { command: process.execPath, args: [TRUST, one, "--verbose", other] } });
    const { run } = await chat(where, ["--yes"], ["--config", config]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`Said: ${uriOf(one)}\n${uriOf(other)}\ntold of 0 change(s)\n`);
  });
});

describe("typemcp chat: a URL a server asks the user to open (elicitation, URL mode)", { timeout: 60_000 }, () => {
  const connect = [() => ({ calls: [{ name: "trust__connect", args: {} }] }), (body: any) => ({ text: `Said: ${results(body)[0]?.text}` })];
  const URL = "https://calendar.example.com/connect?session=abc";

  test("without a terminal or an --answer, is declined with a line saying why and how to answer; nothing is opened", async () => {
    const { run } = await chat(connect, ["--yes"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("Said: connect: decline\n");
    expect(run.stderr).toContain(
      `typemcp: server "trust" asked you to open ${URL} (calendar.example.com): "Sign in to your calendar."; declined: there is no terminal to ask on and no --answer left. Answer it with --answer accept (you open the URL yourself), --answer decline or --answer cancel.\n`,
    );
  });

  test("--answer accept accepts it for the user to open (no browser), and the server's elicitation/complete is reported", async () => {
    const { run } = await chat(connect, ["--yes", "--answer", "accept"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("Said: connect: accept\n");
    expect(run.stderr).toContain(
      `typemcp: server "trust" asked you to open ${URL} (calendar.example.com): "Sign in to your calendar."; accepted from --answer #1: open it yourself, no browser is started for an --answer.\n`,
    );
    expect(run.stderr).toContain('typemcp: server "trust" says the step you opened is done (e-1).\n');
  });

  test("--answer decline declines it; an --answer with a form's content does not fit a URL and exits 2", async () => {
    const declined = await chat(connect, ["--yes", "--answer", "decline"]);
    expect(declined.run.stdout).toBe("Said: connect: decline\n");
    expect(declined.run.stderr).not.toContain("says the step you opened is done");
    const misfit = await chat(connect, ["--yes", "--answer", '{"name": "Ada"}']);
    expect(misfit.run.status).toBe(2);
    expect(misfit.run.stderr).toContain(
      `typemcp: --answer #1 is a form's content, but server "trust" asked you to open ${URL} (calendar.example.com): "Sign in to your calendar.": answer it with accept, decline or cancel.`,
    );
  });

  test.skipIf(!canFakeTerminal).each([
    ["y", "connect: accept", `  Open it in your browser: ${URL}`],
    ["d", "connect: decline", undefined],
  ])("on a terminal, shows the URL and the server, and opens it only on yes; %s", async (answer, result, opened) => {
    const fake = await startFakeProvider("openai", (index, body) => connect[Math.min(index, 1)]!(body));
    try {
      const run = await answerOnTerminal(
        [
          "env",
          "OPENAI_API_KEY=test-key",
          // No browser in a test: the URL is printed for the person to open instead.
          "CI=1",
          process.execPath,
          TYPEMCP_CLI,
          "chat",
          "--yes",
          "--provider",
          "openai",
          "--model",
          "test-model",
          "--base-url",
          fake.baseUrl,
          "--no-stream",
          "--prompt",
          "Go.",
          "--",
          process.execPath,
          TRUST,
        ],
        "Open it? [y]es / [d]ecline / [C]ancel:",
        answer,
        30_000,
      );
      expect(run.status).toBe(0);
      const output = run.output.replace(/\r\n/g, "\n");
      expect(output).toContain(`Server "trust" asks you to open a page on calendar.example.com: Sign in to your calendar.\n  ${URL}\nOpen it?`);
      expect(output).toContain(`Said: ${result}`);
      if (opened) expect(output).toContain(`${opened}\n`);
      else expect(output).not.toContain("Open it in your browser");
    } finally {
      await fake.close();
    }
  });
});
