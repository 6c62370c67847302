import { ArgumentValidator, loadValidators } from "../../runtime/validation/argument-validator.js";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import type { McpTool } from "../mcp-tool.js";

const validators = new WeakMap<McpTool, ArgumentValidator | null>();

/**
 * The problems with `args` under the tool's `inputSchema`, one line each (the messages a typemcp
 * server would give); empty when they fit. `$schema` is set aside, so a draft-07 schema from
 * another server is checked too; a schema ajv cannot compile leaves the judging to the server.
 */
export async function validateCallArguments(tool: McpTool, args: Record<string, unknown>): Promise<string[]> {
  await loadValidators();
  let validator = validators.get(tool);
  if (validator === undefined) {
    const { $schema: _ignored, ...schema } = tool.inputSchema as Record<string, unknown>;
    validator = new ArgumentValidator(schema as JsonSchema, "foreign");
    validators.set(tool, validator);
  }
  if (validator === null) return [];
  try {
    // The validator fills defaults and repairs JSON-string arguments in place: check a copy,
    // and send the model's arguments as they were.
    return validator.check(structuredClone(args));
  } catch {
    validators.set(tool, null);
    return [];
  }
}
