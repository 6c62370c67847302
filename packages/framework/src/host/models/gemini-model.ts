import type { GenerateContentResponse } from "@google/genai";
import { HostError } from "../../errors/host-error.js";
import type { GeminiFunctionDeclaration } from "../to-gemini-tool.js";
import { loadProviderSdk } from "./load-provider-sdk.js";
import type { ChatMessage, ModelAdapter, ModelRequest, ModelTurn, ProposedCall } from "./model-adapter.js";
import { providerFetchFor, type ProviderHttpOptions } from "./provider-fetch.js";
import { assembleGeminiStream } from "./gemini-stream.js";
import { toModelTurn } from "./model-turn.js";
import { requestPlaces, toProviderFailure } from "./provider-failure.js";
import { MAX_MEDIA_BYTES, mediaRefusal, sortMedia } from "../tool-result-media.js";

/** How to reach the Gemini API. */
export interface GeminiModelOptions extends ProviderHttpOptions {
  apiKey: string;
  model: string;
  /** Default `https://generativelanguage.googleapis.com`. */
  baseUrl?: string;
  /** `maxOutputTokens` of every request; the model's default when left out. */
  maxTokens?: number;
}

// Gemini's finish reasons for an answer its filters withheld or cut.
const SAFETY_STOPS = new Set(["SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT"]);

type Part = { text?: string; thought?: boolean; functionCall?: { id?: string; name?: string; args?: unknown }; [key: string]: unknown };

/**
 * A model behind the Gemini API's `generateContent`, through the official `@google/genai` SDK:
 * tools as classic function declarations (OpenAPI 3.0 subset, see `toGeminiSchema`), calls as
 * `functionCall` parts, results as `functionResponse` parts. The SDK's automatic function calling
 * is off: the host checks every call itself.
 */
export async function createGeminiModel(options: GeminiModelOptions): Promise<ModelAdapter> {
  const { GoogleGenAI } = await loadProviderSdk("@google/genai", "gemini", () => import("@google/genai"));
  const endpoint = options.baseUrl ?? "https://generativelanguage.googleapis.com";
  const client = new GoogleGenAI({
    apiKey: options.apiKey,
    // Retries, the time bound and odd replies are the provider fetch's, the same for every SDK.
    httpOptions: { ...(options.baseUrl && { baseUrl: options.baseUrl }), fetch: providerFetchFor(options) },
  });
  const where = requestPlaces("Gemini", endpoint, options);
  let generated = 0;
  return {
    provider: "gemini",
    toolFormat: "gemini",
    model: options.model,
    async check(signal) {
      try {
        await client.models.get({ model: options.model, config: { ...(signal && { abortSignal: signal }) } });
      } catch (error) {
        throw toProviderFailure(error, where(`GET models/${options.model}`));
      }
    },
    async complete(request: ModelRequest): Promise<ModelTurn> {
      const functionDeclarations = request.tools as GeminiFunctionDeclaration[];
      let response: GenerateContentResponse;
      try {
        const params = {
          model: options.model,
          contents: toGeminiContents(request.messages) as never,
          config: {
            ...(request.system !== undefined && { systemInstruction: request.system }),
            ...(functionDeclarations.length && { tools: [{ functionDeclarations: functionDeclarations as never }] }),
            automaticFunctionCalling: { disable: true },
            ...((request.maxTokens ?? options.maxTokens) !== undefined && { maxOutputTokens: request.maxTokens ?? options.maxTokens }),
            ...(request.signal && { abortSignal: request.signal }),
          },
        };
        response = (
          request.onText
            ? await assembleGeminiStream((await client.models.generateContentStream(params)) as AsyncIterable<never>, request.onText)
            : await client.models.generateContent(params)
        ) as GenerateContentResponse;
      } catch (error) {
        throw toProviderFailure(error, where(`POST models/${options.model}:generateContent`));
      }
      const candidate = response.candidates?.[0];
      const blocked = response.promptFeedback?.blockReason;
      if (!candidate && !blocked)
        throw new HostError(
          "HOST_PROVIDER_UNAVAILABLE",
          `Gemini at ${endpoint} answered POST models/${options.model}:generateContent with no candidate and no reason.`,
        );
      const parts = (candidate?.content?.parts ?? []) as Part[];
      const calls: ProposedCall[] = parts.flatMap((part) =>
        part.functionCall
          ? [{ id: part.functionCall.id ?? `gemini_call_${++generated}`, name: part.functionCall.name ?? "", arguments: part.functionCall.args ?? {} }]
          : [],
      );
      const text = parts.flatMap((part) => (typeof part.text === "string" && !part.thought ? [part.text] : [])).join("");
      const stop = candidate?.finishReason ? String(candidate.finishReason) : blocked ? String(blocked) : undefined;
      const incomplete = stop === "MAX_TOKENS" ? "length" : blocked || (stop && SAFETY_STOPS.has(stop)) ? "safety" : undefined;
      const usage = response.usageMetadata;
      return toModelTurn({
        text,
        calls,
        stopReason: stop,
        incomplete,
        usage: usage && {
          inputTokens: usage.promptTokenCount ?? 0,
          outputTokens: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
          ...(usage.cachedContentTokenCount && { cachedInputTokens: usage.cachedContentTokenCount }),
        },
        raw: parts,
      });
    },
  };
}

function toGeminiContents(messages: readonly ChatMessage[]): unknown[] {
  // The ids Gemini gave its function calls: a response names its call's id only when the call
  // went back with one (a turn of another provider's, resumed here, goes back without ids).
  const idsSent = new Set<string>();
  return messages.map((message) => {
    if (message.role === "user") return { role: "user", parts: [{ text: message.text }] };
    // The turn's parts go back as they came: Gemini 3 refuses a function call whose thought signature is missing.
    if (message.role === "model") {
      const raw = message.turn.raw as Part[] | undefined;
      for (const part of raw ?? []) if (part.functionCall?.id) idsSent.add(part.functionCall.id);
      const parts = raw ?? [
        ...(message.turn.text ? [{ text: message.turn.text }] : []),
        ...message.turn.calls.map((call) => ({ functionCall: { name: call.name, args: call.arguments } })),
      ];
      return { role: "model", parts };
    }
    // Media go as inline data beside the function responses, in the same user turn; what Gemini
    // does not take is named in the response's text.
    const media = message.results.map((result) => sortMedia(result.media, refuseMedia));
    return {
      role: "user",
      parts: [
        ...message.results.map((result, i) => {
          const text = [result.content, ...media[i]!.notes].filter(Boolean).join("\n");
          return {
            functionResponse: {
              ...(idsSent.has(result.callId) ? { id: result.callId } : {}),
              name: result.name,
              response: result.isError ? { error: text } : { output: text },
            },
          };
        }),
        ...media.flatMap(({ sent }) => sent.map((each) => ({ inlineData: { mimeType: each.mimeType, data: each.data } }))),
      ],
    };
  });
}

// Inline data Gemini reads: images, audio, PDF and plain text documents. Its own bound on inline
// data is larger (100 MB a request); the host sends no more than 20 MB a piece.
const refuseMedia = mediaRefusal("Gemini", {
  image: { types: ["image/png", "image/jpeg", "image/webp", "image/heic", "image/heif"], maxBytes: MAX_MEDIA_BYTES },
  audio: { types: ["audio/wav", "audio/mp3", "audio/mpeg", "audio/aiff", "audio/aac", "audio/ogg", "audio/flac"], maxBytes: MAX_MEDIA_BYTES },
  file: { types: ["application/pdf", "text/plain"], maxBytes: MAX_MEDIA_BYTES },
});
