import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { subschemasOf } from "../../json-schema/map-subschemas.js";

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

let ajv: Ajv2020 | undefined;
// Compiling is the costly part of a build's check; tools repeat shapes, so each is compiled once.
const verdicts = new Map<string, string | undefined>();

/**
 * Why `schema` is not one a strict JSON Schema 2020-12 validator accepts (an unknown `@format`,
 * a `@pattern` that is no regular expression, a keyword on the wrong type), or undefined.
 * Checked at build time so no client ever meets a schema it cannot compile.
 */
export function whyNotStrict(schema: JsonSchema): string | undefined {
  const key = JSON.stringify(schema);
  if (verdicts.has(key)) return verdicts.get(key);
  ajv ??= addFormats(new Ajv2020({ strict: true, logger: false, code: { optimize: false } }));
  let why: string | undefined;
  try {
    ajv.compile(schema);
    why = misfitDefault(ajv, schema, schema, "");
  } catch (error) {
    why = (error as Error).message;
  } finally {
    ajv.removeSchema();
  }
  verdicts.set(key, why);
  return why;
}

/**
 * Why a `default` in `schema` (a JSDoc `@default`, or a parameter's initializer) is not a value
 * its own schema accepts, or undefined. A validator that fills defaults in (`useDefaults`) would
 * otherwise refuse every call that leaves the property out, blaming the client for a value it
 * never sent.
 */
function misfitDefault(ajv: Ajv2020, schema: JsonSchema, root: JsonSchema, at: string): string | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  if ("default" in schema) {
    const { default: value, ...own } = schema as Record<string, unknown>;
    // Checked with the root's definitions beside it, where its refs point.
    const check = ajv.compile(root.$defs ? { ...own, $defs: root.$defs } : own);
    if (!check(value)) {
      const where = at ? ` at ${at.slice(1)}` : "";
      return `its default${where}, ${JSON.stringify(value)}, is not a value of its own type (${ajv.errorsText(check.errors, { dataVar: "the default" })})`;
    }
  }
  for (const [sub, where] of subschemasOf(schema)) {
    const why = misfitDefault(ajv, sub, root, `${at}.${where}`);
    if (why) return why;
  }
  return undefined;
}
