import type { DerivedComponent } from "../schema/derive-definitions.js";
import type { ServedSchemas } from "./precompiled-validators.js";

/** Every schema the run time checks values against, as `registered-tool.ts` and `registered-resource.ts` build them. */
export function servedSchemas(components: readonly DerivedComponent[]): ServedSchemas {
  const schemas: ServedSchemas = { input: [], output: [] };
  for (const component of components) {
    if (component.kind === "tool") {
      schemas.input.push(component.definition.inputSchema);
      if (component.definition.outputSchema) schemas.output.push(component.definition.outputSchema);
    } else if (component.kind === "resource") {
      const { variables } = component.definition;
      const names = Object.keys(variables);
      if (names.length) schemas.input.push({ type: "object", properties: variables, required: names, additionalProperties: false });
    }
  }
  return schemas;
}
