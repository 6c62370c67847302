/**
 * The file watcher behind `typemcp dev`. On Linux, Node's `fs.watch(dir, { recursive: true })`
 * is emulated in JavaScript, and on Node 20 that emulation watches each file it found: once a
 * file is saved by rename (`sed -i`, editors that write a temporary file and move it over the
 * original) the watched inode is gone and later saves go unseen. A directory's own watch
 * reports every entry written, created or renamed into it, so this watches each directory of
 * the tree instead, adding directories as they appear. macOS and Windows watch recursively
 * natively, and there the recursive watch is used as is.
 */
import fs from "node:fs";
import path from "node:path";

/** What {@link watchSources} watches, and whom it tells. */
export interface WatchSourcesOptions {
  /** Directories (absolute, ending in the path separator) whose contents are never watched. */
  ignored: readonly string[];
  /** Called with the absolute path of each file written, created, renamed or deleted. */
  onChange(file: string): void;
}

/** Watches every file under `root` for saves of any kind; `close()` stops it. */
export function watchSources(root: string, options: WatchSourcesOptions): { close(): void } {
  if (process.platform === "darwin" || process.platform === "win32") {
    const watcher = fs.watch(root, { recursive: true }, (_event, name) => {
      if (name) report(path.join(root, name), options);
    });
    return { close: () => watcher.close() };
  }
  return new DirectoryWatchers(options).start(root);
}

function report(file: string, options: WatchSourcesOptions): void {
  if (!isIgnored(file, options.ignored)) options.onChange(file);
}

function isIgnored(file: string, ignored: readonly string[]): boolean {
  const withSep = file + path.sep;
  return ignored.some((dir) => withSep.startsWith(dir));
}

// Names of folders never worth a watch, wherever they are.
const SKIPPED = new Set(["node_modules", ".git"]);

class DirectoryWatchers {
  private readonly watchers = new Map<string, fs.FSWatcher>();

  constructor(private readonly options: WatchSourcesOptions) {}

  start(root: string): { close(): void } {
    this.add(root);
    return { close: () => this.close() };
  }

  private add(dir: string): void {
    if (this.watchers.has(dir) || isIgnored(dir, this.options.ignored)) return;
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(dir, (_event, name) => name && this.onEvent(dir, name.toString()));
    } catch {
      return; // Gone again before it could be watched: nothing in it to report.
    }
    // A watched directory that is deleted ends its watch; the parent's watch reports the deletion.
    watcher.on("error", () => this.remove(dir));
    this.watchers.set(dir, watcher);
    for (const entry of readDirectories(dir)) this.add(path.join(dir, entry));
  }

  private onEvent(dir: string, name: string): void {
    const target = path.join(dir, name);
    const stat = fs.lstatSync(target, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      if (!SKIPPED.has(name)) this.add(target);
      return;
    }
    if (!stat && this.watchers.has(target)) this.remove(target);
    report(target, this.options);
  }

  private remove(dir: string): void {
    for (const [watched, watcher] of this.watchers) {
      if (watched === dir || watched.startsWith(dir + path.sep)) {
        watcher.close();
        this.watchers.delete(watched);
      }
    }
  }

  private close(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}

// Subdirectories to watch: real folders only (a symlink may lead anywhere, often out of the project).
function readDirectories(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !SKIPPED.has(entry.name))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}
