/**
 * The ajv a Node, Deno or Bun build falls back to for a schema its build did not compile (a tool
 * whose definitions came built from another package): the real ajv, from the validator chunk,
 * compiled on this first need (see validator-chunk.ts).
 * @packageDocumentation
 */
import type { CompilingAjv } from "./precompiled-ajv.js";
import { loadValidatorChunk } from "./validator-chunk.js";

/** A real ajv instance with `options` and ajv-formats, as the run time makes one. */
export function fallbackAjv(options: object): CompilingAjv {
  const { ajv, formats } = loadValidatorChunk();
  const Ajv = ajv.Ajv2020 as new (options: object) => CompilingAjv;
  const addFormats = (formats.default ?? formats) as (instance: CompilingAjv) => CompilingAjv;
  return addFormats(new Ajv(options));
}
