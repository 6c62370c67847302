import { describe, expect, test } from "vitest";
import type { ModelAdapter, ModelRequest } from "./models/model-adapter.js";
import { sampleWithModel } from "./sample-with-model.js";

/** A model that answers every request with `text`, stopping for `stopReason`, and keeps what it was sent. */
function scriptedModel(text: string, stopReason: string) {
  const requests: ModelRequest[] = [];
  const model: ModelAdapter = {
    provider: "anthropic",
    toolFormat: "anthropic",
    model: "scripted-1",
    check: async () => {},
    complete: async (request) => {
      requests.push(request);
      return { text, calls: [], stopReason };
    },
  };
  return { model, requests };
}

describe("sampleWithModel", () => {
  test("sends the server's messages, system prompt and bound with no tools, and answers in MCP's terms", async () => {
    const { model, requests } = scriptedModel("Paris.", "end_turn");
    const answer = await sampleWithModel(model, {
      systemPrompt: "Answer in one word.",
      maxTokens: 20,
      messages: [
        { role: "user", content: { type: "text", text: "Capital of France?" } },
        { role: "assistant", content: { type: "text", text: "Which France?" } },
        { role: "user", content: [{ type: "text", text: "The country." }] },
      ],
    });
    expect(answer).toEqual({ role: "assistant", content: { type: "text", text: "Paris." }, model: "scripted-1", stopReason: "endTurn" });
    expect(requests).toEqual([
      {
        system: "Answer in one word.",
        maxTokens: 20,
        tools: [],
        messages: [
          { role: "user", text: "Capital of France?" },
          { role: "model", turn: { text: "Which France?", calls: [] } },
          { role: "user", text: "The country." },
        ],
      },
    ]);
  });

  test("names a stop for length maxTokens, whatever the provider called it", async () => {
    for (const reason of ["max_tokens", "length", "MAX_TOKENS"]) {
      const { model } = scriptedModel("Par", reason);
      expect((await sampleWithModel(model, { maxTokens: 1, messages: [{ role: "user", content: { type: "text", text: "?" } }] })).stopReason).toBe("maxTokens");
    }
  });

  test("refuses a request with an image, naming the block, without asking the model", async () => {
    const { model, requests } = scriptedModel("unused", "end_turn");
    await expect(sampleWithModel(model, { maxTokens: 10, messages: [{ role: "user", content: { type: "image" } }] })).rejects.toThrow(
      'The host\'s model (sampling) takes text only; this request has a block of type "image".',
    );
    expect(requests).toEqual([]);
  });
});
