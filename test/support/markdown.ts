import fs from "node:fs";
import path from "node:path";
import { fromRoot, ROOT } from "./paths.js";

/** The documentation a reader meets: every README, the framework's docs pages, CONTRIBUTING. */
export function documentationFiles(): string[] {
  const docs = fromRoot("packages/framework/docs");
  const packages = fs
    .readdirSync(fromRoot("packages"))
    .flatMap((name) => [`packages/${name}/README.md`, `packages/${name}/template/README.md`])
    .filter((file) => fs.existsSync(fromRoot(file)));
  return [
    "README.md",
    "CONTRIBUTING.md",
    "bench/README.md",
    ...packages,
    ...fs
      .readdirSync(docs)
      .filter((name) => name.endsWith(".md"))
      .map((name) => `packages/framework/docs/${name}`),
  ].sort();
}

/** One fenced code block of a Markdown file. */
export interface CodeBlock {
  /** The file, relative to the repository root. */
  file: string;
  /** The 1-based line of the opening fence. */
  line: number;
  /** The fence's language (`ts`, `sh`…), empty when it names none. */
  lang: string;
  /** The block's text. */
  code: string;
  /** The reason given by a `<!-- fragment: … -->` comment just before the fence, if any. */
  fragment?: string;
  /** Declarations the block assumes, from a `<!-- given: … -->` comment just before the fence. */
  given?: string;
}

/** The text of a `<!-- name: … -->` comment on one of the two lines before line `at`. */
function marker(lines: string[], at: number, name: string): string | undefined {
  const pattern = new RegExp(`^\\s*<!-- ${name}: (.+?) -->\\s*$`);
  return (pattern.exec(lines[at - 1] ?? "") ?? pattern.exec(lines[at - 2] ?? ""))?.[1];
}

/** Every fenced code block of a Markdown file (relative to the repository root). */
export function codeBlocks(file: string): CodeBlock[] {
  const lines = fs.readFileSync(fromRoot(file), "utf8").split("\n");
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(\w*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.trimStart().startsWith(fence!); i++) body.push(lines[i]!.slice(indent!.length));
    const fragment = marker(lines, start, "fragment");
    const given = marker(lines, start, "given");
    blocks.push({ file, line: start + 1, lang: lang!, code: body.join("\n"), ...(fragment ? { fragment } : {}), ...(given ? { given } : {}) });
  }
  return blocks;
}

/** The text of a Markdown file with its code blocks and inline code blanked out, for finding links. */
function prose(text: string): string {
  return withoutFences(text).replace(/`[^`\n]*`/g, "``");
}

/** The text of a Markdown file without its fenced code blocks. */
function withoutFences(text: string): string {
  return text.replace(/^(\s*)(`{3,})[^\n]*\n[\s\S]*?^\s*\2\s*$/gm, "");
}

/** One relative link of a Markdown file: where it points and the anchor it names. */
export interface RelativeLink {
  /** The file that holds the link, relative to the repository root. */
  from: string;
  /** The link as written. */
  href: string;
  /** The target file, relative to the repository root. */
  target: string;
  /** The anchor after `#`, if any. */
  anchor?: string;
}

/** Every relative link (not `http:`, `https:` or `mailto:`) of a Markdown file. */
export function relativeLinks(file: string): RelativeLink[] {
  const text = prose(fs.readFileSync(fromRoot(file), "utf8"));
  const links: RelativeLink[] = [];
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const href = match[1]!;
    if (/^[a-z]+:/i.test(href)) continue;
    const [where, anchor] = href.split("#") as [string, string | undefined];
    const target = where === "" ? file : path.relative(ROOT, path.resolve(path.dirname(fromRoot(file)), where));
    links.push({ from: file, href, target: target.split(path.sep).join("/"), ...(anchor ? { anchor } : {}) });
  }
  return links;
}

/** The anchors GitHub (and npm) give a Markdown file's headings: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchors(file: string): Set<string> {
  const text = withoutFences(fs.readFileSync(fromRoot(file), "utf8"));
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = match[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
