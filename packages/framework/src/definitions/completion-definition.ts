/**
 * Completions, shared by resources and prompts: the candidates the build found, and where an
 * author says candidates come from. Plain JSON, like every definition the build writes.
 */

/** Completion candidates the build found in a parameter's type (a literal union, an enum). */
export type Completions = { readonly [parameter: string]: readonly string[] };

/** Where completion candidates come from: a fixed list, or the name of a method of the same class. */
export type CompletionSource = readonly string[] | string;
