import fs from "node:fs";

/**
 * The part of the CLI usage about one command: from its line in the command list to the next
 * command's, plus the shared paragraphs that follow (servers, exit codes) for list and call.
 */
export function helpFor(command: string, usage: string): string {
  const lines = usage.split("\n");
  const start = lines.findIndex((l) => new RegExp(`^  ${command}( |$)`).test(l));
  if (start === -1) return usage;
  let end = start + 1;
  while (end < lines.length && !/^ {2}[a-z]/.test(lines[end]!) && !/^[A-Z]/.test(lines[end]!)) end++;
  const shared =
    command === "list" || command === "call" || command === "types" ? lines.slice(lines.findIndex((l) => l.startsWith("  SERVERS"))).join("\n") : "";
  const help = `Usage: typemcp ${lines.slice(start, end).join("\n").trim()}\n\n${shared}`.trimEnd();
  return `${help}\n`;
}

/** typemcp's own version, from its package.json. */
export function readVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return manifest.version;
}
