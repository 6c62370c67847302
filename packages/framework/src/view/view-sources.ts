/**
 * Where a view's bundled code came from, for naming the view's own file and line when it throws:
 * `typemcp build` writes it into the page from the bundle's source map (the author's files only;
 * libraries are one marker each), and the view looks up the positions of an error's stack in it.
 */
export interface ViewSources {
  /** The author's files, as the build names them (relative to the project). */
  readonly files: readonly string[];
  /**
   * Sorted by position in the bundle: `[bundle line, bundle column, file index or -1 for library
   * code, source line, source column]`, every number counted from 1 except the file index.
   */
  readonly spans: ReadonlyArray<readonly [number, number, number, number, number]>;
}

/** The global the page defines the sources under. */
export const VIEW_SOURCES_GLOBAL = "__typemcpViewSources";

/** The name the view's script goes by in stack traces (its `//# sourceURL`). */
export const VIEW_SCRIPT_NAME = "typemcp-view.js";

/** `file:line:column` of the first frame of `stack` in the author's own code, or undefined. */
export function locateInView(stack: string | undefined, sources: ViewSources | undefined): string | undefined {
  if (!stack || !sources) return undefined;
  for (const match of stack.matchAll(/typemcp-view\.js:(\d+):(\d+)/g)) {
    const line = Number(match[1]);
    const column = Number(match[2]);
    let found: readonly [number, number, number, number, number] | undefined;
    for (const span of sources.spans) {
      if (span[0] > line || (span[0] === line && span[1] > column)) break;
      found = span;
    }
    if (found && found[2] >= 0) return `${sources.files[found[2]]}:${found[3]}:${found[4]}`;
  }
  return undefined;
}
