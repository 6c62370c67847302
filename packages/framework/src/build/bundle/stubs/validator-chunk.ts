/**
 * ajv and ajv-formats in a Node, Deno or Bun bundle: bundled into one CommonJS script kept as a
 * string (see `validatorsAsText`), which V8 only scans at start-up, and compiled with
 * `new Function` when a tool is first called.
 * @packageDocumentation
 */
import SOURCE from "typemcp:validator-chunk-source";

/** What the chunk's script exports. */
interface ValidatorChunk {
  ajv: { Ajv2020: unknown; default?: unknown };
  formats: { default?: unknown };
}

let loaded: ValidatorChunk | undefined;

/** The chunk's exports, compiled on the first call. */
export function loadValidatorChunk(): ValidatorChunk {
  if (!loaded) {
    const module = { exports: {} as ValidatorChunk };
    new Function("module", "exports", SOURCE)(module, module.exports);
    loaded = module.exports;
  }
  return loaded;
}
