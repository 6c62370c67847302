import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "esbuild";
import type { Ajv2020 } from "ajv/dist/2020.js";
import { canonicalJson } from "../../runtime/canonical-json.js";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { ownModuleFile } from "../own-module-file.js";

/** The schemas a server validates against at run time, by the ajv instance that checks them. */
export interface ServedSchemas {
  /** Tool arguments and resource template variables (checked filling in defaults). */
  input: JsonSchema[];
  /** Tool results. */
  output: JsonSchema[];
}

const require = createRequire(import.meta.url);
const PRECOMPILED_AJV = ownModuleFile(new URL("./stubs/precompiled-ajv.js", import.meta.url));
const NO_FORMATS = ownModuleFile(new URL("./stubs/no-formats.js", import.meta.url));
const AJV_FALLBACK = ownModuleFile(new URL("./stubs/ajv-fallback.js", import.meta.url));
const NO_AJV_FALLBACK = ownModuleFile(new URL("./stubs/no-ajv-fallback.js", import.meta.url));
const TABLES = /^typemcp:validators-(input|output)$/;

/** Options of {@link precompiledValidators}. */
export interface PrecompiledOptions {
  /**
   * Whether a schema the build did not compile (a tool built in another package) is compiled by
   * the real ajv at run time, which the bundle then carries as text (see `validatorsAsText`,
   * which must be among the plugins); not on Workers, which refuse `new Function`.
   */
  fallback: boolean;
}

/**
 * Validators compiled ahead of time, so a server's first call compiles no schema and loads no
 * ajv (and Workers, which refuse `new Function`, which is how ajv compiles a schema, can
 * validate at all): every schema the server checks, and each member of its unions (which
 * describe-errors checks one by one), is compiled here with ajv's standalone code into a module
 * per ajv instance (see {@link validatorModule}), and the run time's `ajv` becomes
 * build/bundle/stubs/precompiled-ajv.ts, which finds those functions by the schema's canonical JSON.
 */
export function precompiledValidators(schemas: ServedSchemas, options: PrecompiledOptions): Plugin {
  return {
    name: "typemcp-precompiled-validators",
    setup(build) {
      build.onResolve({ filter: /^(ajv\/dist\/2020\.js|ajv-formats)$/ }, (args) =>
        args.importer.includes(`${path.sep}ajv`) ? undefined : { path: args.path === "ajv-formats" ? NO_FORMATS : PRECOMPILED_AJV },
      );
      build.onResolve({ filter: /^typemcp:ajv-fallback$/ }, () => ({ path: options.fallback ? AJV_FALLBACK : NO_AJV_FALLBACK }));
      build.onResolve({ filter: TABLES }, (args) => ({ path: args.path, namespace: "typemcp-precompiled" }));
      build.onLoad({ filter: /.*/, namespace: "typemcp-precompiled" }, (args) => ({
        loader: "js",
        // ajv's standalone code imports its run-time helpers (ucs2length, formats) from ajv itself.
        resolveDir: path.dirname(PRECOMPILED_AJV),
        contents: args.path.endsWith("input") ? validatorModule(schemas.input, { useDefaults: true }) : validatorModule(schemas.output, {}),
      }));
    },
  };
}

/**
 * The ES module of one ajv instance's validators: ajv's standalone code for each schema (and each
 * member of its unions), and `TABLE`, the functions by the schema's canonical JSON. Same options
 * as the run time's (runtime/validation/argument-validator.ts), so the same values pass and fail with the
 * same errors. One module per instance: standalone code names its functions alike.
 */
export function validatorModule(schemas: readonly JsonSchema[], options: { useDefaults?: boolean }): string {
  const { code, keys } = compileAll(withMembers(schemas), options);
  return `${code}\nexport const TABLE = {${keys.map((key, i) => `${JSON.stringify(key)}: v${i}`).join(",")}};\n`;
}

function compileAll(schemas: readonly JsonSchema[], options: Record<string, unknown>): { code: string; keys: string[] } {
  // Each schema as the run time holds it, not its canonical form: ajv reports errors in the order of
  // the schema's keys, and sorted keys would list them in another order than on Node.
  const byKey = new Map<string, JsonSchema>();
  // Tools alike have the same schemas, written alike: only the first of each text is put in canonical form.
  const seen = new Set<string>();
  for (const schema of schemas) {
    const text = JSON.stringify(schema);
    if (seen.has(text)) continue;
    seen.add(text);
    const key = canonicalJson(schema);
    if (!byKey.has(key)) byKey.set(key, schema);
  }
  const keys = [...byKey.keys()];
  if (!keys.length) return { code: "", keys };
  const { Ajv2020: Ajv } = require("ajv/dist/2020.js") as { Ajv2020: new (options: Record<string, unknown>) => Ajv2020 };
  const addFormats = require("ajv-formats") as (ajv: Ajv2020) => Ajv2020;
  const standaloneCode = (require("ajv/dist/standalone/index.js") as { default: (ajv: Ajv2020, refs: Record<string, string>) => string }).default;
  // Not checked against the meta-schema again: each came out of the build's derivation, which
  // compiled it with ajv in strict mode (build/schema/strict-schema.ts).
  const ajv = addFormats(new Ajv({ allErrors: true, verbose: true, strict: false, validateSchema: false, code: { source: true, esm: true }, ...options }));
  const refs: Record<string, string> = {};
  keys.forEach((key, i) => {
    ajv.addSchema({ ...byKey.get(key)!, $id: `typemcp:v${i}` });
    refs[`v${i}`] = `typemcp:v${i}`;
  });
  return { code: standaloneCode(ajv, refs), keys };
}

// describe-errors checks each member of a failed union on its own, with the same instance and
// the root's `$defs` beside it (a member may `$ref` them: a recursive type's union).
function withMembers(schemas: readonly JsonSchema[]): JsonSchema[] {
  const all: JsonSchema[] = [];
  for (const schema of schemas) {
    all.push(schema);
    const defs = (schema as { $defs?: unknown }).$defs;
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (typeof node !== "object" || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if ((key === "anyOf" || key === "oneOf") && Array.isArray(value))
          all.push(...(value as JsonSchema[]).map((member) => (defs ? ({ ...member, $defs: defs } as JsonSchema) : member)));
        visit(value);
      }
    };
    visit(schema);
  }
  return all;
}
