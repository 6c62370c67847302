import { HostError } from "../errors/host-error.js";
import { ProtocolError, type Client } from "./client-seam.js";
import type { ClientAnswers, SamplingRequest, UrlElicitationRequest, ElicitationRequest } from "./client-answers.js";
import type { RequestDeadlines } from "./request-deadlines.js";
import type { UrlSteps } from "./url-steps.js";

// The JSON-RPC error code MCP gives a sampling request the user rejected.
const USER_REJECTED = -1;

/**
 * Answers the server's questions (elicitation, URL elicitation, sampling, roots) with `answers`:
 * the SDK calls these for 2025-11-25 requests from the server and for the questions inside a
 * 2026-07-28 input-required result alike.
 */
export function answerQuestions(client: Client, answers: ClientAnswers, deadlines: RequestDeadlines, serverName: () => string, urlSteps: UrlSteps): void {
  const { elicit, elicitUrl, sample, roots } = answers;
  if (elicit || elicitUrl) {
    client.setRequestHandler("elicitation/create", (request, ctx) => {
      const params = request.params as { mode?: string; message: string; requestedSchema?: unknown; url?: string; elicitationId?: string };
      const context = { server: serverName(), signal: ctx.mcpReq.signal };
      if (params.mode === "url") {
        // A URL the host did not declare it would open is declined, never followed.
        if (!elicitUrl || typeof params.url !== "string") return Promise.resolve({ action: "decline" as const });
        const question: UrlElicitationRequest = { message: params.message, url: params.url, elicitationId: String(params.elicitationId ?? "") };
        return deadlines.whileAnswering(async () => ({ action: (await elicitUrl.call(answers, question, context)).action }));
      }
      if (!elicit) return Promise.resolve({ action: "decline" as const });
      const question = { message: params.message, requestedSchema: params.requestedSchema } as ElicitationRequest;
      return deadlines.whileAnswering(() => elicit.call(answers, question, context));
    });
  }
  if (answers.elicitationComplete || elicitUrl) {
    client.setNotificationHandler("notifications/elicitation/complete", (notification) => {
      urlSteps.completed(String((notification.params as { elicitationId?: unknown }).elicitationId ?? ""), serverName());
    });
  }
  if (sample) {
    client.setRequestHandler("sampling/createMessage", async (request, ctx) => {
      const question = request.params as unknown as SamplingRequest;
      try {
        return { ...(await deadlines.whileAnswering(() => sample.call(answers, question, { server: serverName(), signal: ctx.mcpReq.signal }))) };
      } catch (error) {
        // 2025-11-25: the server hears MCP's code for a request the user rejected, with why. In a
        // 2026-07-28 input round the SDK has no way to answer one question with an error: the call
        // ends with the refusal, as the host's own (not as an error the server answered).
        if (error instanceof HostError && error.code === "HOST_CALL_REFUSED")
          throw client.getProtocolEra() === "modern" ? error : new ProtocolError(USER_REJECTED, error.message);
        throw error;
      }
    });
  }
  if (roots)
    client.setRequestHandler("roots/list", () => ({
      roots: (typeof roots === "function" ? roots({ server: serverName() }) : roots).map((root) => ({ ...root })),
    }));
}
