import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { installDeno } from "./support/deno.js";
import { providerEnv, startFakeProvider, type ScriptedTurn } from "./support/fake-providers.js";
import { nodeServer, typemcp, writeMcpConfig } from "./support/host-cli.js";
import { fromRoot } from "./support/paths.js";

// A real stdio server (test/fixtures/media-server.mjs) answers with audio, a PDF and an image as
// embedded resources' blobs, an embedded text and a resource link. Each provider's fake API on
// 127.0.0.1 records the exact body the host sends it: what the provider takes arrives as media,
// the rest as a line saying what was left out and why.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n").toString("base64");
const OGG = Buffer.from("OggS\0fake").toString("base64");
const TXT = Buffer.from("Margins held.").toString("base64");
const bytes = (data: string) => Buffer.from(data, "base64").length;

const TEXT = [
  "The quarterly pack:",
  `[audio audio/wav, ${bytes(WAV)} bytes]`,
  `[audio audio/ogg, ${bytes(OGG)} bytes]`,
  `[resource file:///pack/report.pdf (application/pdf, ${bytes(PDF)} bytes)]`,
  `[resource file:///pack/chart.png (image/png, ${bytes(PNG)} bytes)]`,
  `[resource file:///pack/summary.txt (text/plain, ${bytes(TXT)} bytes)]`,
  "[resource file:///pack/notes.txt (text/plain)]",
  "Sales rose 4 %.",
  "[resource link file:///pack/appendix.pdf (appendix.pdf, application/pdf): The full tables.]",
].join("\n");
const NO_READS = "[This host cannot read the linked resources for you: give the user the links.]";
const left = (what: string, why: string) => `[Not shown to you: the ${what}, because ${why}.]`;
const WAV_LINE = `audio audio/wav, ${bytes(WAV)} bytes`;
const OGG_LINE = `audio audio/ogg, ${bytes(OGG)} bytes`;
const TXT_LINE = `resource file:///pack/summary.txt (text/plain, ${bytes(TXT)} bytes)`;

let dir: string;
let config: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-tool-media-"));
  config = writeMcpConfig(dir, { media: { ...nodeServer(fromRoot("test/fixtures/media-server.mjs")), trust: "read-only" } });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CALL: ScriptedTurn[] = [{ calls: [{ name: "media__quarterly_pack", args: {} }] }, { text: "Done." }];
const KEYS = { anthropic: { ANTHROPIC_API_KEY: "k" }, openai: { OPENAI_API_KEY: "k" }, gemini: { GEMINI_API_KEY: "k" }, ollama: {} };

/** The second generation request's body: the one carrying the tool's result. */
async function fedBack(provider: keyof typeof KEYS, extra: string[] = [], turns = CALL): Promise<Record<string, any>> {
  const fake = await startFakeProvider(provider === "ollama" ? "openai" : provider, (index) => turns[Math.min(index, turns.length - 1)]!);
  const baseUrl = provider === "ollama" ? fake.baseUrl.replace(/\/v1$/, "") : fake.baseUrl;
  try {
    const run = await typemcp(
      ["chat", "--config", config, "--provider", provider, "--model", "test-model", "--base-url", baseUrl, "--prompt", "Summarise the pack.", ...extra],
      { env: providerEnv({ ...KEYS[provider], TYPEMCP_DENO: installDeno() }), timeoutMs: 60_000 },
    );
    expect(run.stderr).not.toContain("typemcp:");
    expect(run.stdout).toBe("Done.\n");
    return fake.generations()[1] as Record<string, any>;
  } finally {
    await fake.close();
  }
}

const ANTHROPIC_MEDIA = [
  { type: "document", source: { type: "base64", media_type: "application/pdf", data: PDF }, title: "file:///pack/report.pdf" },
  { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
  { type: "document", source: { type: "text", media_type: "text/plain", data: "Margins held." }, title: "file:///pack/summary.txt" },
];
const NO_AUDIO = "Anthropic's API takes no audio with a tool result";

describe("typemcp chat: audio, embedded resources and resource links a tool returns", { timeout: 120_000 }, () => {
  test("reach Anthropic as document and image blocks inside the tool_result; audio is named as left out, with why", async () => {
    const body = await fedBack("anthropic");
    const [result] = body.messages.at(-1).content;
    expect(result.content).toEqual([
      { type: "text", text: [TEXT, NO_READS, left(WAV_LINE, NO_AUDIO), left(OGG_LINE, NO_AUDIO)].join("\n") },
      ...ANTHROPIC_MEDIA,
    ]);
  });

  test("with --read-resources, the model is told how to read a linked resource", async () => {
    const body = await fedBack("anthropic", ["--read-resources"]);
    const [result] = body.messages.at(-1).content;
    expect(result.content[0].text).toBe(
      [TEXT, '[To read a linked resource, call read_resource with server "media" and its URI.]', left(WAV_LINE, NO_AUDIO), left(OGG_LINE, NO_AUDIO)].join("\n"),
    );
  });

  test("a resource the model reads through read_resource reaches Anthropic as a document too", async () => {
    const read = { name: "read_resource", args: { server: "media", uri: "file:///pack/appendix.pdf" } };
    const body = await fedBack("anthropic", ["--read-resources"], [{ calls: [read] }, { text: "Done." }]);
    const [result] = body.messages.at(-1).content;
    expect(result.content).toEqual([
      { type: "text", text: `[resource file:///pack/appendix.pdf (application/pdf, ${bytes(PDF)} bytes)]` },
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: PDF }, title: "file:///pack/appendix.pdf" },
    ]);
  });

  test("an image past Anthropic's 5 MB bound is not sent to it, and the model is told so", async () => {
    const body = await fedBack("anthropic", [], [{ calls: [{ name: "media__poster", args: {} }] }, { text: "Done." }]);
    const [result] = body.messages.at(-1).content;
    const size = 6 * 1024 * 1024;
    expect(result.content).toBe(
      `[image image/png, ${size} bytes]\n${left(`image image/png, ${size} bytes`, `it is ${size} bytes and Anthropic's API takes at most ${5 * 1024 * 1024} bytes for one`)}`,
    );
  });

  test("reach Chat Completions in a user message after the tool message: input_audio (wav), file (PDF), image_url", async () => {
    const body = await fedBack("openai");
    const [tool, media] = body.messages.slice(-2);
    const why = "Chat Completions takes audio only as audio/wav, audio/x-wav, audio/wave, audio/mpeg, audio/mp3";
    expect(tool).toEqual({
      role: "tool",
      tool_call_id: "call_1",
      content: [TEXT, NO_READS, left(OGG_LINE, why), left(TXT_LINE, "Chat Completions takes files only as application/pdf")].join("\n"),
    });
    expect(media).toEqual({
      role: "user",
      content: [
        { type: "text", text: "The images, audio and files the results of media__quarterly_pack (call_1) returned:" },
        { type: "input_audio", input_audio: { data: WAV, format: "wav" } },
        { type: "file", file: { filename: "report.pdf", file_data: `data:application/pdf;base64,${PDF}` } },
        { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
      ],
    });
  });

  test("reach Gemini as inline data beside the function response, audio included", async () => {
    const body = await fedBack("gemini");
    expect(body.contents.at(-1).parts).toEqual([
      { functionResponse: { id: "call_1", name: "media__quarterly_pack", response: { output: `${TEXT}\n${NO_READS}` } } },
      { inlineData: { mimeType: "audio/wav", data: WAV } },
      { inlineData: { mimeType: "audio/ogg", data: OGG } },
      { inlineData: { mimeType: "application/pdf", data: PDF } },
      { inlineData: { mimeType: "image/png", data: PNG } },
      { inlineData: { mimeType: "text/plain", data: TXT } },
    ]);
  });

  test("reach Ollama as the image only, on a user message; audio and the PDF are named as left out", async () => {
    const body = await fedBack("ollama");
    const [tool, media] = body.messages.slice(-2);
    const pdf = `resource file:///pack/report.pdf (application/pdf, ${bytes(PDF)} bytes)`;
    expect(tool).toEqual({
      role: "tool",
      tool_name: "media__quarterly_pack",
      content: [
        TEXT,
        NO_READS,
        left(WAV_LINE, "Ollama takes no audio with a tool result"),
        left(OGG_LINE, "Ollama takes no audio with a tool result"),
        left(pdf, "Ollama takes no files with a tool result"),
        left(TXT_LINE, "Ollama takes no files with a tool result"),
      ].join("\n"),
    });
    expect(media).toEqual({ role: "user", content: "The images the results of media__quarterly_pack (ollama_call_1) returned:", images: [PNG] });
  });

  test("in code mode, a program reaches them in the tool's result and shows them with codemode.show; a link it cannot show says why", async () => {
    const code = [
      "const r = await media.quarterly_pack();",
      'await codemode.show(...r.content.filter((b) => b.type === "audio" || typeof b.resource?.blob === "string").slice(0, 4));',
      'console.log(r.content.map((b) => b.type).join(" "));',
      "await codemode.show(r.content[7]!).catch((e: Error) => console.log(e.message));",
    ].join("\n");
    const body = await fedBack("anthropic", ["--code"], [{ calls: [{ name: "run_program", args: { code } }] }, { text: "Done." }]);
    const [result] = body.messages.at(-1).content;
    expect(result.content).toEqual([
      {
        type: "text",
        text: [
          "text audio audio resource resource resource resource resource_link",
          "codemode.show cannot show this: a resource_link block is text: print what the model needs of it (a link's uri, a resource's text).\n",
          left(WAV_LINE, NO_AUDIO),
          left(OGG_LINE, NO_AUDIO),
        ].join("\n"),
      },
      ...ANTHROPIC_MEDIA.slice(0, 2),
    ]);
  });
});
