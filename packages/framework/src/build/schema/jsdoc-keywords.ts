import type ts from "typescript";
import type { JsonSchema } from "../../json-schema/json-schema.js";

/**
 * Applies the JSDoc tags on a parameter or property that typescript-json-schema leaves out:
 * `@example` (each one an entry of `examples`), `@deprecated` and `@asType integer`.
 * The others (`@minimum`, `@pattern`, `@format`, `@default`, `@TJS-type`...) it applies itself.
 */
export function applyJsDocKeywords(symbol: ts.Symbol, definition: JsonSchema): void {
  for (const tag of symbol.getJsDocTags()) {
    const text = (tag.text ?? [])
      .map((part) => part.text)
      .join("")
      .trim();
    if (tag.name === "example" && text) {
      definition.examples = [...((definition.examples as unknown[] | undefined) ?? []), parseTagValue(text)];
    } else if (tag.name === "deprecated") {
      definition.deprecated = true;
    } else if (tag.name === "asType" && text === "integer") {
      toInteger(definition);
    }
  }
}

// `@example 5` is the number 5 and `@example {"a": 1}` an object; anything else is text.
function parseTagValue(text: string): unknown {
  const code = /^```\w*\n([\s\S]*?)\n?```$/.exec(text)?.[1] ?? text;
  try {
    return JSON.parse(code);
  } catch {
    return code;
  }
}

/** Whether `symbol`'s JSDoc says `@asType integer`. */
export function isIntegerAlias(symbol: ts.Symbol): boolean {
  return symbol.getJsDocTags().some(
    (tag) =>
      tag.name === "asType" &&
      (tag.text ?? [])
        .map((part) => part.text)
        .join("")
        .trim() === "integer",
  );
}

/** Makes `definition` (or, for an array, its items) an integer where it says number. */
export function toInteger(definition: JsonSchema): void {
  const type = definition.type;
  if (type === "number") definition.type = "integer";
  else if (Array.isArray(type)) definition.type = type.map((t: unknown) => (t === "number" ? "integer" : t));
  else if (type === "array" && definition.items && typeof definition.items === "object") toInteger(definition.items as JsonSchema);
}
