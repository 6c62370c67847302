import type { Plugin } from "esbuild";
import { precompiledValidators, type ServedSchemas } from "./precompiled-validators.js";
import { validatorsAsText } from "./validators-as-text.js";

/**
 * How a Node, Deno or Bun bundle validates: with the server's schemas compiled at build time, so
 * its first `tools/call` loads no ajv and compiles nothing (`bench/platform-start.mjs` measured that
 * first call at about half its time with ajv compiling it on Node, a third on Deno and Bun), and ajv
 * carried as text for a schema the build did not compile. Without the schemas (a bundle of plain
 * JavaScript), ajv as text alone.
 */
export function validatorPlugins(schemas: ServedSchemas | undefined): Plugin[] {
  return schemas ? [precompiledValidators(schemas, { fallback: true }), validatorsAsText()] : [validatorsAsText()];
}
