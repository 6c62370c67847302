import { HostError } from "../../errors/host-error.js";
import { createAnthropicModel } from "./anthropic-model.js";
import { createGeminiModel } from "./gemini-model.js";
import type { ModelAdapter, ModelProvider } from "./model-adapter.js";
import { createOllamaModel } from "./ollama-model.js";
import { createOpenAIModel } from "./openai-model.js";
import type { ProviderHttpOptions } from "./provider-fetch.js";

/** The providers, and the environment variables each reads its key from (first set wins). */
export const PROVIDER_KEYS: Readonly<Record<ModelProvider, readonly string[]>> = {
  anthropic: ["ANTHROPIC_API_KEY"],
  openai: ["OPENAI_API_KEY"],
  gemini: ["GEMINI_API_KEY", "GOOGLE_API_KEY"],
  azure: ["AZURE_OPENAI_API_KEY"],
  // A local server: no key.
  ollama: [],
};

/** Azure OpenAI's `api-version` when `OPENAI_API_VERSION` does not say (the latest GA data-plane version). */
export const DEFAULT_AZURE_API_VERSION = "2024-10-21";

/** What `typemcp chat` says about the model: `--provider`, `--model`, `--base-url`, `--timeout`, `--retries`, `--max-tokens`. */
export interface ModelChoice extends ProviderHttpOptions {
  provider?: string;
  model?: string;
  baseUrl?: string;
  /** Most output tokens per answer (Anthropic's `max_tokens`, default 4096; the others' default is theirs). */
  maxTokens?: number;
}

/**
 * The model adapter a command line asks for, its key read from the environment. Without
 * `--provider`, `--base-url` means an OpenAI-compatible engine, else the one provider whose key is
 * set. A missing key, model or SDK is a HostError (exit 2) that says what to set or install.
 */
export async function createModel(choice: ModelChoice, env: NodeJS.ProcessEnv = process.env): Promise<ModelAdapter> {
  const provider = pickProvider(choice, env);
  if (choice.model === undefined || choice.model === "") {
    throw new HostError(
      "HOST_USAGE",
      `Name the model with --model, e.g. ${provider === "anthropic" ? "claude-sonnet-5-5" : provider === "gemini" ? "gemini-3.8-flash" : "gpt-5.5 (or llama3.2 on Ollama)"}.`,
    );
  }
  const names = PROVIDER_KEYS[provider];
  const key = names.map((name) => env[name]).find((value) => value !== undefined && value !== "");
  // A local engine takes any key; the SDK insists on one.
  const apiKey = key ?? ((provider === "openai" && choice.baseUrl !== undefined) || provider === "ollama" ? "none" : undefined);
  if (apiKey === undefined) {
    throw new HostError(
      "HOST_PROVIDER_SETUP",
      `--provider ${provider} needs an API key in ${names.join(" or ")}${provider === "openai" ? " (a local engine at --base-url needs none)" : ""}.`,
    );
  }
  const baseUrl = choice.baseUrl ?? (provider === "azure" ? env.AZURE_OPENAI_ENDPOINT : undefined);
  if (provider === "azure" && !baseUrl)
    throw new HostError("HOST_USAGE", "--provider azure needs the resource's endpoint: --base-url https://NAME.openai.azure.com (or AZURE_OPENAI_ENDPOINT).");
  if (baseUrl !== undefined) assertUrl(baseUrl);
  const common = {
    apiKey,
    model: choice.model,
    ...(baseUrl !== undefined && { baseUrl }),
    ...(choice.onWire && { onWire: choice.onWire }),
    ...(choice.onNotice && { onNotice: choice.onNotice }),
    ...(choice.timeoutMs !== undefined && { timeoutMs: choice.timeoutMs }),
    ...(choice.retries !== undefined && { retries: choice.retries }),
    ...(choice.maxTokens !== undefined && { maxTokens: choice.maxTokens }),
  };
  if (provider === "anthropic") return createAnthropicModel(common);
  if (provider === "gemini") return createGeminiModel(common);
  if (provider === "ollama") return createOllamaModel(common);
  if (provider === "azure") return createOpenAIModel({ ...common, azure: { apiVersion: env.OPENAI_API_VERSION || DEFAULT_AZURE_API_VERSION } });
  return createOpenAIModel(common);
}

function pickProvider(choice: ModelChoice, env: NodeJS.ProcessEnv): ModelProvider {
  const all = Object.keys(PROVIDER_KEYS) as ModelProvider[];
  if (choice.provider !== undefined) {
    if (!all.includes(choice.provider as ModelProvider)) throw new HostError("HOST_USAGE", `--provider takes ${all.join(", ")}; got "${choice.provider}".`);
    return choice.provider as ModelProvider;
  }
  if (choice.baseUrl !== undefined) return "openai";
  const keyed = all.filter((provider) => PROVIDER_KEYS[provider].some((name) => env[name]));
  if (keyed.length === 1) return keyed[0]!;
  throw new HostError(
    "HOST_USAGE",
    keyed.length
      ? `Several API keys are set (${keyed.join(", ")}); pick one with --provider.`
      : `Say which model provider: --provider ${all.join("|")}, with its key in ${all
          .filter((p) => PROVIDER_KEYS[p].length)
          .map((p) => PROVIDER_KEYS[p].join("/"))
          .join(", ")}; or --base-url for a local OpenAI-compatible engine.`,
  );
}

function assertUrl(text: string): void {
  try {
    new URL(text);
  } catch (error) {
    throw new HostError("HOST_USAGE", `--base-url "${text}" is not a URL.`, { cause: error });
  }
}
