import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "esbuild";
import type { Ajv2020 } from "ajv/dist/2020.js";
import { canonicalJson } from "../runtime/canonical-json.js";
import type { JsonSchema } from "../tool-definition.js";

/** The schemas a server validates against at run time, by the ajv instance that checks them. */
export interface ServedSchemas {
  /** Tool arguments and resource template variables (checked filling in defaults). */
  input: JsonSchema[];
  /** Tool results. */
  output: JsonSchema[];
}

const FRAMEWORK_DIR = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);

/**
 * For platforms that forbid generating code at run time (Workers refuse `new Function`, which is
 * how ajv compiles a schema): every schema the server checks, and each member of its unions
 * (which describe-errors checks one by one), is compiled here with ajv's standalone code, and
 * the run time's `ajv` becomes a table of those functions, found by the schema's canonical JSON.
 * Same options as the run time's (argument-validator.ts), so the same values pass and fail with
 * the same errors.
 */
export function precompiledValidators(schemas: ServedSchemas): Plugin {
  return {
    name: "typemcp-precompiled-validators",
    setup(build) {
      build.onResolve({ filter: /^(ajv\/dist\/2020\.js|ajv-formats)$/ }, (args) =>
        args.importer.includes(`${path.sep}ajv`) ? undefined : { path: args.path, namespace: "typemcp-precompiled" },
      );
      build.onResolve({ filter: /^typemcp-validators-(input|output)$/ }, (args) => ({ path: args.path, namespace: "typemcp-precompiled" }));
      build.onLoad({ filter: /.*/, namespace: "typemcp-precompiled" }, (args) => ({
        loader: "js",
        resolveDir: FRAMEWORK_DIR,
        contents:
          args.path === "ajv-formats"
            ? "export default (ajv) => ajv;"
            : args.path === "typemcp-validators-input"
              ? tableOf(schemas.input, { useDefaults: true })
              : args.path === "typemcp-validators-output"
                ? tableOf(schemas.output, {})
                : AJV_MODULE,
      }));
    },
  };
}

// Each ajv instance's functions in a module of their own: standalone code names its functions alike.
function tableOf(schemas: readonly JsonSchema[], options: Record<string, unknown>): string {
  const { code, keys } = compileAll(withMembers(schemas), options);
  return `${code}\nexport const TABLE = {${keys.map((key, i) => `${JSON.stringify(key)}: v${i}`).join(",")}};\n`;
}

const AJV_MODULE = `import { TABLE as INPUT } from "typemcp-validators-input";
import { TABLE as OUTPUT } from "typemcp-validators-output";
function canonical(value) {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return "[" + value.map((item) => (item === undefined ? "null" : canonical(item))).join(",") + "]";
  return "{" + Object.keys(value).sort().filter((key) => value[key] !== undefined).map((key) => JSON.stringify(key) + ":" + canonical(value[key])).join(",") + "}";
}
export class Ajv2020 {
  constructor(options = {}) { this.table = options.useDefaults ? INPUT : OUTPUT; }
  compile(schema) {
    const validate = this.table[canonical(schema)];
    if (!validate) throw new Error("typemcp: this schema was not compiled at build time (a Workers build cannot compile at run time): " + JSON.stringify(schema).slice(0, 200));
    return validate;
  }
}
export default Ajv2020;
`;

function compileAll(schemas: readonly JsonSchema[], options: Record<string, unknown>): { code: string; keys: string[] } {
  const keys = [...new Set(schemas.map((schema) => canonicalJson(schema)))];
  if (!keys.length) return { code: "", keys };
  const { Ajv2020: Ajv } = require("ajv/dist/2020.js") as { Ajv2020: new (options: Record<string, unknown>) => Ajv2020 };
  const addFormats = require("ajv-formats") as (ajv: Ajv2020) => Ajv2020;
  const standaloneCode = (require("ajv/dist/standalone/index.js") as { default: (ajv: Ajv2020, refs: Record<string, string>) => string }).default;
  const ajv = addFormats(new Ajv({ allErrors: true, verbose: true, strict: false, code: { source: true, esm: true }, ...options }));
  const refs: Record<string, string> = {};
  keys.forEach((key, i) => {
    ajv.addSchema({ ...(JSON.parse(key) as object), $id: `typemcp:v${i}` });
    refs[`v${i}`] = `typemcp:v${i}`;
  });
  return { code: standaloneCode(ajv, refs), keys };
}

// describe-errors checks each member of a failed union on its own, with the same instance.
function withMembers(schemas: readonly JsonSchema[]): JsonSchema[] {
  const all: JsonSchema[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== "object" || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if ((key === "anyOf" || key === "oneOf") && Array.isArray(value)) all.push(...(value as JsonSchema[]));
      visit(value);
    }
  };
  for (const schema of schemas) {
    all.push(schema);
    visit(schema);
  }
  return all;
}
