import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** One entry `typemcp install` wrote: where, under which name, and exactly what. */
export interface Installed {
  readonly host: string;
  readonly file: string;
  readonly name: string;
  /** The entry as written (a JSON value; Goose: its YAML line), so `uninstall` removes it only while it is unchanged. */
  readonly written: unknown;
}

/**
 * What `typemcp install` has written, kept in `~/.typemcp/installed.json` (`TYPEMCP_HOME` moves
 * the folder): `uninstall` takes out only an entry found here and still as written, and
 * `install` updates only such an entry.
 */
export class InstallLedger {
  private readonly file: string;

  constructor(env: NodeJS.ProcessEnv) {
    this.file = path.join(env.TYPEMCP_HOME || path.join(env.HOME || os.homedir(), ".typemcp"), "installed.json");
  }

  find(host: string, file: string, name: string): Installed | undefined {
    return this.read().find((i) => i.host === host && i.file === file && i.name === name);
  }

  record(installed: Installed): void {
    this.write([...this.read().filter((i) => !same(i, installed)), installed]);
  }

  forget(installed: Omit<Installed, "written">): void {
    this.write(this.read().filter((i) => !same(i, installed)));
  }

  private read(): Installed[] {
    try {
      const parsed = JSON.parse(fs.readFileSync(this.file, "utf8")) as unknown;
      return Array.isArray(parsed) ? (parsed as Installed[]) : [];
    } catch {
      return [];
    }
  }

  private write(entries: Installed[]): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    // It holds the entries as written, --env values and headers among them: the user's alone.
    fs.writeFileSync(this.file, `${JSON.stringify(entries, null, 2)}\n`, { mode: 0o600 });
  }
}

const same = (a: Omit<Installed, "written">, b: Omit<Installed, "written">) => a.host === b.host && a.file === b.file && a.name === b.name;
