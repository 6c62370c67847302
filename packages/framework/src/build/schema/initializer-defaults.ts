import type ts from "./typescript.cjs";
import type { JsonSchema } from "../../definitions/tool-definition.js";

/** The typescript-json-schema generator methods this override wraps; it has them but does not type them. */
export interface PropertyDefinitions {
  getDefinitionForProperty(prop: ts.Symbol, node: ts.Node): JsonSchema | null;
  parseCommentsIntoDefinition(symbol: ts.Symbol | undefined, definition: JsonSchema, otherAnnotations: Record<string, unknown>): void;
}

/**
 * Stops typescript-json-schema from turning a property's initializer into its `default`.
 * A type describes a shape: the values in `typeof SETTINGS`, in the object `makeX()` returns or
 * in a class field (`x = 0`) are not what a caller who leaves the property out gets, and as
 * `default`s they let such a call through and filled it from the constant. Only a parameter's
 * own initializer is a default (derive-parameters writes those); a `@default` tag the author wrote
 * on the property stays.
 */
export function dropInitializerDefaults(generator: PropertyDefinitions): void {
  const original = generator.getDefinitionForProperty.bind(generator);
  generator.getDefinitionForProperty = (prop, node) => {
    const definition = original(prop, node);
    const declaration = prop.valueDeclaration as { initializer?: ts.Node } | undefined;
    if (!definition || !declaration?.initializer) return definition;
    delete definition.default;
    const documented: JsonSchema = {};
    generator.parseCommentsIntoDefinition(prop, documented, {});
    if (documented.default !== undefined) definition.default = documented.default;
    return definition;
  };
}
