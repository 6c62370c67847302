/**
 * `typemcp/build`: the contract between `typemcp build` and the runtime, for tools that read what
 * the build derived (each method's schemas, parameter plan and result plan). Types only: the build
 * writes these definitions into the emitted JavaScript as plain JSON literals, so the code it
 * emits imports nothing from here.
 * @packageDocumentation
 */
export type {
  GeneratedTool,
  ParameterPlan,
  ResultPlan,
  JsonSchema,
  Revival,
  RevivalDefs,
  RevivalStep,
  ViewCsp,
  ViewPlan,
} from "../definitions/tool-definition.js";
export type { Completions } from "../definitions/completion-definition.js";
export type { GeneratedResource } from "../definitions/resource-definition.js";
export type { GeneratedPrompt, PromptArgument } from "../definitions/prompt-definition.js";
