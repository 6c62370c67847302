/**
 * Stands in for `ajv-formats` in a Node, Deno or Bun bundle: ajv-formats, from the validator
 * chunk compiled on first use (see validator-chunk.ts).
 * @packageDocumentation
 */
import { loadValidatorChunk } from "./validator-chunk.js";

const formats = loadValidatorChunk().formats;
export default formats.default ?? formats;
