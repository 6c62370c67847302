/**
 * The validator chunk's entry: ajv and ajv-formats, bundled on their own into one CommonJS
 * script that a Node, Deno or Bun bundle keeps as text (see `validatorsAsText`). Both names are
 * resolved from the author's package, so the chunk carries the ajv the server installed.
 * @packageDocumentation
 */
import ajv = require("ajv/dist/2020.js");
import formats = require("ajv-formats");

export = { ajv, formats };
