import { tool, ToolError } from "typemcp";

/** The languages `greet` speaks. */
export type Language = "en" | "fr" | "es";

const HELLO: Record<Language, string> = { en: "Hello", fr: "Bonjour", es: "Hola" };

/** A small MCP server: its tools are the `@tool()` methods of this class. */
export class Greeter {
  /**
   * Greet someone by name, in the language of your choice.
   * @param name Who to greet, as they like to be called.
   * @param language The greeting's language; English unless asked otherwise.
   * @param excited End with an exclamation mark instead of a full stop.
   */
  @tool({ annotations: { readOnlyHint: true } })
  greet(name: string, language: Language = "en", excited?: boolean): string {
    // A ToolError's message goes back to the model as the result, so it can correct the call.
    if (!name.trim()) throw new ToolError("Give a name to greet: it was empty.");
    return `${HELLO[language]}, ${name.trim()}${excited ? "!" : "."}`;
  }
}
