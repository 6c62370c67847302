import { loadTowns } from "./load-towns.js";
import { TownIndex } from "./town-index.js";

/**
 * The towns index of `file`, read, checked and indexed on the first call that needs it rather
 * than at start-up: `initialize` and `tools/list` do not need the data, and reading 351 rows is
 * most of what the server did at start beyond serving. The load is synchronous, so calls that
 * arrive together share the one load. A file that cannot be loaded is reported once on stderr,
 * and every call that needs the data fails with its `TownDataError` (file, line and column),
 * while the server goes on answering everything else: a broken file never stops it.
 */
export function townIndexOnFirstUse(file: string | URL): () => TownIndex {
  let loaded: { readonly index: TownIndex } | { readonly error: unknown } | undefined;
  return () => {
    loaded ??= load(file);
    if ("error" in loaded) throw loaded.error;
    return loaded.index;
  };
}

function load(file: string | URL): { readonly index: TownIndex } | { readonly error: unknown } {
  try {
    return { index: new TownIndex(loadTowns(file)) };
  } catch (error) {
    process.stderr.write(`towns-server: cannot load the towns data: ${error instanceof Error ? error.message : String(error)}\n`);
    return { error };
  }
}
