import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { JsonSchema } from "../../definitions/tool-definition.js";

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
  } catch (error) {
    why = (error as Error).message;
  } finally {
    ajv.removeSchema();
  }
  verdicts.set(key, why);
  return why;
}
