import { HostError } from "../errors/host-error.js";
import { closestName } from "../serve/closest-name.js";

/** What an option takes: nothing (a switch), one value, or a value each time it is given. */
export type OptionKind = "boolean" | "string" | "strings";

/** The values of parsed options, typed by their spec. */
export type OptionValues<S extends Record<string, OptionKind>> = {
  [K in keyof S]: S[K] extends "boolean" ? boolean : S[K] extends "string" ? string | undefined : string[];
};

/** A command line split into options, positionals and the server command after `--`. */
export interface ParsedArgs<S extends Record<string, OptionKind>> {
  options: OptionValues<S>;
  positionals: string[];
  /** Everything after `--`, untouched; undefined when there is no `--`. */
  rest: string[] | undefined;
}

/**
 * Parses `--name value`, `--name=value` and `--switch` options described by `spec` (keys are
 * option names without the dashes). Throws a HostError (exit 2) for an unknown option or a
 * missing value, naming `command` so the message says where to look.
 */
export function parseArgs<S extends Record<string, OptionKind>>(argv: readonly string[], spec: S, command: string): ParsedArgs<S> {
  const values: Record<string, boolean | string | string[] | undefined> = {};
  for (const [name, kind] of Object.entries(spec)) values[name] = kind === "boolean" ? false : kind === "strings" ? [] : undefined;
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") return { options: values as OptionValues<S>, positionals, rest: argv.slice(i + 1) };
    if (!arg.startsWith("--") || arg === "--") {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const kind = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (kind === undefined) {
      const near = closestName(name, Object.keys(spec));
      const hint = near ? `; did you mean --${near}?` : ".";
      throw new HostError("HOST_USAGE", `Unknown option --${name} for typemcp ${command}${hint} See typemcp ${command} --help.`);
    }
    if (kind === "boolean") {
      if (eq !== -1) throw new HostError("HOST_USAGE", `--${name} takes no value.`);
      values[name] = true;
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else if (i + 1 < argv.length && argv[i + 1] !== "--") value = argv[++i];
    if (value === undefined) throw new HostError("HOST_USAGE", `--${name} needs a value.`);
    if (kind === "strings") (values[name] as string[]).push(value);
    else if (values[name] !== undefined) throw new HostError("HOST_USAGE", `--${name} is given twice.`);
    else values[name] = value;
  }
  return { options: values as OptionValues<S>, positionals, rest: undefined };
}
