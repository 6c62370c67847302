/**
 * Stands in for `ajv/dist/2020.js` in a Node, Deno or Bun bundle: ajv, from the validator chunk
 * compiled on first use (see validator-chunk.ts).
 * @packageDocumentation
 */
import { loadValidatorChunk } from "./validator-chunk.js";

const ajv = loadValidatorChunk().ajv;

/** ajv's `Ajv2020` class. */
export const Ajv2020 = ajv.Ajv2020;
export default ajv.default ?? ajv;
