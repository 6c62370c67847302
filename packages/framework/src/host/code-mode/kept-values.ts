import { propertyKey } from "../../json-schema/property-key.js";

/** What one program kept for the next: a JSON value, or a function's source. */
export type KeptEntry = { readonly value: unknown } | { readonly source: string };

/** How much a session keeps between programs. */
export const KEPT_LIMITS = { names: 20, bytesEach: 256 * 1024, bytesInAll: 1024 * 1024 } as const;

type Stored = { readonly entry: KeptEntry; readonly bytes: number; readonly type: string };

/**
 * The named values and helper functions a code mode session keeps from one program for the next
 * (`codemode.keep(name, value)`, then `kept.name`): bounded in names and bytes, listed to the
 * model when they change, declared for the type check with a type read from each value, and gone
 * with the session. A function is kept as its source: it must not use the program's own variables.
 */
export class KeptValues {
  private readonly stored = new Map<string, Stored>();
  private changed = false;

  /** Keeps `entry` as `name` (or forgets `name`, given `undefined`); the message of why not, if it cannot. */
  keep(name: string, entry: KeptEntry | undefined): string | undefined {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) return `codemode.keep: "${name}" is not a name a program can read back as kept.${name}; use letters, digits and _.`;
    if (entry === undefined) {
      this.changed ||= this.stored.delete(name);
      return undefined;
    }
    const text = "source" in entry ? entry.source : JSON.stringify(entry.value);
    if (text === undefined) return `codemode.keep: ${name} has no JSON form; keep data (objects, arrays, strings, numbers) or a function.`;
    const bytes = Buffer.byteLength(text);
    if (bytes > KEPT_LIMITS.bytesEach) return `codemode.keep: ${name} is ${bytes} bytes; one kept value may have ${KEPT_LIMITS.bytesEach}.`;
    const others = [...this.stored].filter(([key]) => key !== name);
    if (others.length >= KEPT_LIMITS.names)
      return `codemode.keep: ${KEPT_LIMITS.names} names are kept already (${this.list()}); forget one first with codemode.keep(name, undefined).`;
    const inAll = others.reduce((sum, [, kept]) => sum + kept.bytes, bytes);
    if (inAll > KEPT_LIMITS.bytesInAll)
      return `codemode.keep: keeping ${name} would make ${inAll} bytes kept; a session keeps ${KEPT_LIMITS.bytesInAll}. Forget something first.`;
    const type = "source" in entry ? "(...args: any[]) => any" : typeOfJson(JSON.parse(text), 0);
    this.stored.set(name, { entry: "source" in entry ? entry : { value: JSON.parse(text) }, bytes, type });
    this.changed = true;
    return undefined;
  }

  /** Every kept entry by name: what the sandbox defines as `kept` before a program runs. */
  entries(): Record<string, KeptEntry> {
    return Object.fromEntries([...this.stored].map(([name, kept]) => [name, kept.entry]));
  }

  /** `kept` declared for the type check: each name with the type of what it holds. */
  declarations(): string {
    const members = [...this.stored].map(([name, kept]) => `  readonly ${propertyKey(name)}: ${kept.type};`);
    return `/** What earlier programs of this session kept with codemode.keep. */\ndeclare const kept: {\n${members.join("\n")}\n};\n`;
  }

  /** `records (3,100 bytes), byCity (function)`, or `nothing`. */
  list(): string {
    if (!this.stored.size) return "nothing";
    return [...this.stored]
      .map(([name, kept]) => `${name} (${"source" in kept.entry ? "function" : `${kept.bytes.toLocaleString("en-US")} bytes`})`)
      .join(", ");
  }

  /** Whether anything was kept or forgotten since the last call. */
  takeChanged(): boolean {
    const changed = this.changed;
    this.changed = false;
    return changed;
  }
}

// A TypeScript type for a JSON value: what a later program may do with it, as its type check sees it.
function typeOfJson(value: unknown, depth: number): string {
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  if (depth > 3) return "any";
  if (Array.isArray(value)) return value.length ? `${wrap(typeOfJson(value[0], depth + 1))}[]` : "any[]";
  const members = Object.entries(value).map(([key, item]) => `${propertyKey(key)}: ${typeOfJson(item, depth + 1)}`);
  return `{ ${members.join("; ")} }`;
}

function wrap(type: string): string {
  return type.includes("|") || type.includes("=>") ? `(${type})` : type;
}
