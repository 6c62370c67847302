import { tool, ToolError } from "typemcp";

/** The languages `greet` speaks. */
export type Language = "en" | "fr" | "es";

const HELLO: Record<Language, string> = { en: "Hello", fr: "Bonjour", es: "Hola" };

/** How whoever runs the server configures it; src/server.ts reads it from the environment. */
export interface GreeterConfig {
  /** Added after every greeting, e.g. "Welcome to the front desk." */
  signOff?: string;
}

/** A small MCP server: its tools are the `@tool()` methods of this class. */
export class Greeter {
  constructor(private readonly config: GreeterConfig = {}) {}

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
    const greeting = `${HELLO[language]}, ${name.trim()}${excited ? "!" : "."}`;
    return this.config.signOff ? `${greeting} ${this.config.signOff}` : greeting;
  }
}
