import { HostError } from "../../errors/host-error.js";

/** A host's config file with one server entry put in or taken out, and the entry that was there. */
export interface EditedConfig {
  readonly text: string;
  /** The server's entry before the edit (a JSON value, or Goose's YAML line), if it had one. */
  readonly previous: unknown;
}

/**
 * `text` with `entry` under `key`.`name` (undefined: taken out), written back with the file's
 * own indentation; every other setting stays as it was.
 */
export function editJson(text: string | undefined, key: string, name: string, entry: unknown, file: string): EditedConfig {
  const config = parseJson(text, file);
  const servers = config[key];
  // Nothing to take out of a file that holds no servers: it stays as it is.
  if (entry === undefined && !isObject(servers)) return { text: text ?? "", previous: undefined };
  if (servers !== undefined && !isObject(servers))
    throw new HostError("HOST_CONFIG_INVALID", `${file}: "${key}" is not an object of servers, so typemcp leaves the file alone.`);
  const kept: Record<string, unknown> = { ...(servers as Record<string, unknown> | undefined) };
  const previous = kept[name];
  if (entry === undefined) delete kept[name];
  else kept[name] = entry;
  config[key] = kept;
  return { text: `${JSON.stringify(config, null, indentOf(text))}\n`, previous };
}

function parseJson(text: string | undefined, file: string): Record<string, unknown> {
  if (text === undefined || text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // A JSONC file (comments, trailing commas) would lose them if rewritten: it is left for a person.
    throw new HostError(
      "HOST_CONFIG_INVALID",
      `${file} is not plain JSON (${error instanceof Error ? error.message : String(error)}); it may hold comments, which rewriting it would lose, so typemcp leaves it alone.`,
    );
  }
  if (!isObject(parsed)) throw new HostError("HOST_CONFIG_INVALID", `${file} is not a JSON object, so typemcp leaves it alone.`);
  return parsed;
}

// Two spaces, four, or a tab: as the file's first indented line has it.
function indentOf(text: string | undefined): string | number {
  const indent = /\n([ \t]+)\S/.exec(text ?? "")?.[1];
  return indent === undefined ? 2 : indent.startsWith("\t") ? "\t" : indent.length;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Goose's YAML config with `line` (`  name: {…}`, a JSON flow mapping, which is YAML) as the
 * entry `name` under the top-level `key` (undefined: taken out). Only the entry's own lines
 * change; a mapping typemcp cannot read that way is left for a person.
 */
export function editYaml(text: string | undefined, key: string, name: string, line: string | undefined, file: string): EditedConfig {
  const lines = (text ?? "").split("\n");
  if (lines.at(-1) === "") lines.pop();
  // An empty mapping written inline (as typemcp leaves one it emptied) is opened up.
  const empty = lines.findIndex((l) => new RegExp(`^${key}:\\s*\\{\\s*\\}\\s*$`).test(l));
  if (empty !== -1) lines[empty] = `${key}:`;
  const top = lines.findIndex((l) => new RegExp(`^${key}:\\s*(#.*)?$`).test(l));
  if (top === -1) {
    if (lines.some((l) => l.startsWith(`${key}:`)))
      throw new HostError("HOST_CONFIG_INVALID", `${file}: "${key}:" is written inline, so typemcp leaves the file alone.`);
    return { text: line === undefined ? (text ?? "") : `${[...lines, `${key}:`, line].join("\n")}\n`, previous: undefined };
  }
  // The entries of the mapping: the lines after `key:` indented deeper than it, each entry from its `name:` line.
  let end = top + 1;
  while (end < lines.length && (lines[end]!.trim() === "" || /^\s/.test(lines[end]!))) end++;
  const entryAt = lines.findIndex((l, i) => i > top && i < end && new RegExp(`^\\s+${escape(name)}:`).test(l));
  let previous: string | undefined;
  if (entryAt !== -1) {
    const indent = /^\s*/.exec(lines[entryAt]!)![0].length;
    let stop = entryAt + 1;
    while (stop < end && (lines[stop]!.trim() === "" || /^\s*/.exec(lines[stop]!)![0].length > indent)) stop++;
    previous = lines.slice(entryAt, stop).join("\n");
    lines.splice(entryAt, stop - entryAt, ...(line === undefined ? [] : [line]));
  } else if (line !== undefined) lines.splice(top + 1, 0, line);
  // A mapping left with no entries would read as null, which a host may refuse: {} it is.
  let next = top + 1;
  while (next < lines.length && (lines[next]!.trim() === "" || /^\s/.test(lines[next]!))) next++;
  if (lines.slice(top + 1, next).every((l) => l.trim() === "")) lines[top] = `${key}: {}`;
  return { text: `${lines.join("\n")}\n`, previous };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
