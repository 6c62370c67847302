import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { GeneratedTool } from "../../../definitions/tool-definition.js";

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/**
 * Compiles a tool's input and output schemas with ajv in strict mode against JSON Schema 2020-12,
 * the way the strictest client would; throws ajv's complaint when one does not compile.
 */
export function compileStrict(tool: GeneratedTool): void {
  const ajv = addFormats(new Ajv2020({ strict: true }));
  ajv.compile(tool.inputSchema);
  if (tool.outputSchema) ajv.compile(tool.outputSchema);
}
