import http from "node:http";
import type { AddressInfo } from "node:net";

/** The environment with no provider keys but the ones given: a developer's own keys never leak into a run. */
export function providerEnv(keys: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY", "ANTHROPIC_BASE_URL", "OPENAI_BASE_URL"]) delete env[name];
  return { ...env, ...keys };
}

/** The providers `typemcp chat` speaks to. */
export type FakeProviderKind = "anthropic" | "openai" | "gemini";

/** One scripted model turn: text, tool calls, or both. */
export interface ScriptedTurn {
  text?: string;
  calls?: Array<{ name: string; args: unknown }>;
  /** Why the model stopped, in the provider's own words: cut at the output limit, or withheld by its safety filter. */
  stop?: "length" | "safety";
  /** Answer with exactly this instead of a model turn: an HTTP status, a raw body, headers. */
  reply?: { status: number; body: string; headers?: Record<string, string> };
  /** Hold the answer this long first (a stalled provider). */
  stallMs?: number;
  /** Streamed: send the first piece of text, then nothing more until the connection closes. */
  hang?: boolean;
}

/** How the fake answers the model list: as the provider does, with 404 (an endpoint without one), or listing other names. */
export type ModelListing = "known" | "missing" | "others";

/** A request the fake provider received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** A provider's API on 127.0.0.1, answering generation requests from a script. */
export interface FakeProvider {
  readonly kind: FakeProviderKind;
  /** What `--base-url` takes for this provider. */
  readonly baseUrl: string;
  /** Every request, in order. */
  readonly requests: ReceivedRequest[];
  /** The bodies of the generation requests only (messages / chat completions / generateContent). */
  generations(): any[];
  close(): Promise<void>;
}

/**
 * Starts a fake of one provider's HTTP API with the wire format its official SDK sends and parses:
 * Anthropic `POST /v1/messages` and `GET /v1/models/{id}`; OpenAI `POST /v1/chat/completions` and
 * `GET /v1/models`; Gemini `POST /v1beta/models/{model}:generateContent` and `GET /v1beta/models/{model}`
 * (or `/v1/…`, whichever version the SDK picks).
 * The n-th generation request is answered by `script(n, body)`; the model list knows `model`.
 */
export async function startFakeProvider(
  kind: FakeProviderKind,
  script: (index: number, body: any) => ScriptedTurn,
  model = "test-model",
  listing: ModelListing = "known",
): Promise<FakeProvider> {
  const requests: ReceivedRequest[] = [];
  let generation = 0;
  let callCounter = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8").on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const body = raw ? JSON.parse(raw) : undefined;
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, body });
      const send = (status: number, payload: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
      const route = routeOf(kind, req.method ?? "", url.pathname, model);
      if (route === "models" && listing === "missing") return void send(404, errorAnswer(kind, 404, "404 page not found"));
      if (route === "models") return void send(200, modelsAnswer(kind, listing === "others" ? "other-model" : model));
      if (route === "unknown-model") return void send(404, errorAnswer(kind, 404, `model ${url.pathname.split("/").pop()} not found`));
      if (route === "ollama-tags") return void send(200, { models: [{ name: `${model}:latest`, model: `${model}:latest` }] });
      if (route !== "generate" && route !== "ollama") return void send(404, errorAnswer(kind, 404, `no route ${req.method} ${url.pathname}`));
      const turn = script(generation++, body);
      const calls = (turn.calls ?? []).map((call) => ({ ...call, id: `${kind === "anthropic" ? "toolu" : "call"}_${++callCounter}` }));
      const streamed = kind === "gemini" ? url.pathname.endsWith(":streamGenerateContent") : body?.stream === true;
      const answer = () => {
        if (!turn.reply && route === "ollama") return void ollamaAnswer(res, model, turn, body?.stream === true);
        if (!turn.reply && streamed) return void streamAnswer(res, kind, model, turn, calls);
        if (!turn.reply) return void send(200, generationAnswer(kind, model, turn.text, calls, turn.stop));
        res.writeHead(turn.reply.status, { "content-type": "application/json", ...turn.reply.headers }).end(turn.reply.body);
      };
      if (turn.stallMs === undefined) return answer();
      const timer = setTimeout(answer, turn.stallMs);
      res.on("close", () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const root = `http://127.0.0.1:${port}`;
  return {
    kind,
    baseUrl: kind === "openai" ? `${root}/v1` : root,
    requests,
    generations: () => requests.filter((r) => r.method === "POST").map((r) => r.body),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function routeOf(
  kind: FakeProviderKind,
  method: string,
  path: string,
  model: string,
): "models" | "generate" | "unknown-model" | "ollama" | "ollama-tags" | undefined {
  if (kind === "anthropic") {
    if (method === "POST" && path === "/v1/messages") return "generate";
    if (method === "GET" && path.startsWith("/v1/models/")) return path === `/v1/models/${model}` ? "models" : "unknown-model";
  } else if (kind === "openai") {
    // The same engine also answers as Azure OpenAI (a deployment named like the model) and as Ollama's native API.
    if (method === "POST" && (path === "/v1/chat/completions" || path === `/openai/deployments/${model}/chat/completions`)) return "generate";
    if (method === "GET" && (path === "/v1/models" || path === "/openai/models")) return "models";
    if (method === "POST" && path === "/api/chat") return "ollama";
    if (method === "GET" && path === "/api/tags") return "ollama-tags";
  } else {
    // The SDK picks the API version (v1beta, or v1 with a custom base URL); both are served.
    const rest = /^\/v1(?:beta)?(\/models\/.*)$/.exec(path)?.[1];
    if (method === "POST" && (rest === `/models/${model}:generateContent` || rest === `/models/${model}:streamGenerateContent`)) return "generate";
    if (method === "GET" && rest?.startsWith("/models/")) return rest === `/models/${model}` ? "models" : "unknown-model";
  }
  return undefined;
}

function modelsAnswer(kind: FakeProviderKind, model: string): unknown {
  if (kind === "anthropic") return { type: "model", id: model, display_name: "Test Model", created_at: "2026-01-01T00:00:00Z" };
  if (kind === "openai") return { object: "list", data: [{ id: model, object: "model", created: 1767225600, owned_by: "test" }] };
  return { name: `models/${model}`, displayName: "Test Model", supportedGenerationMethods: ["generateContent"] };
}

function errorAnswer(kind: FakeProviderKind, status: number, message: string): unknown {
  if (kind === "anthropic") return { type: "error", error: { type: "not_found_error", message } };
  if (kind === "openai") return { error: { message, type: "invalid_request_error", param: null, code: null } };
  return { error: { code: status, message, status: "NOT_FOUND" } };
}

function generationAnswer(
  kind: FakeProviderKind,
  model: string,
  text: string | undefined,
  calls: Array<{ id: string; name: string; args: unknown }>,
  stop?: "length" | "safety",
): unknown {
  if (kind === "anthropic") {
    return {
      id: `msg_${Date.now()}`,
      type: "message",
      role: "assistant",
      model,
      content: [...(text ? [{ type: "text", text }] : []), ...calls.map((c) => ({ type: "tool_use", id: c.id, name: c.name, input: c.args }))],
      stop_reason: stop === "length" ? "max_tokens" : stop === "safety" ? "refusal" : calls.length ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 10 },
    };
  }
  if (kind === "openai") {
    return {
      id: `chatcmpl-${Date.now()}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: text ?? null,
            refusal: null,
            ...(calls.length && {
              tool_calls: calls.map((c) => ({
                id: c.id,
                type: "function",
                function: { name: c.name, arguments: typeof c.args === "string" ? c.args : JSON.stringify(c.args) },
              })),
            }),
          },
          logprobs: null,
          finish_reason: stop === "length" ? "length" : stop === "safety" ? "content_filter" : calls.length ? "tool_calls" : "stop",
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    };
  }
  return {
    candidates: [
      {
        content: { role: "model", parts: [...(text ? [{ text }] : []), ...calls.map((c) => ({ functionCall: { id: c.id, name: c.name, args: c.args } }))] },
        finishReason: stop === "length" ? "MAX_TOKENS" : stop === "safety" ? "SAFETY" : "STOP",
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
    modelVersion: model,
  };
}

/**
 * Answers a streamed generation request in the provider's own server-sent events, as its SDK
 * parses them: the text in pieces, each tool call's arguments split across deltas (Anthropic
 * `input_json_delta`, OpenAI `tool_calls[].function.arguments`; Gemini sends a call whole).
 */
function streamAnswer(
  res: http.ServerResponse,
  kind: FakeProviderKind,
  model: string,
  turn: ScriptedTurn,
  calls: Array<{ id: string; name: string; args: unknown }>,
): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const pieces = turn.text ? (turn.text.match(/\S+\s*/g) ?? [turn.text]) : [];
  const halves = (text: string) => [text.slice(0, Math.ceil(text.length / 2)), text.slice(Math.ceil(text.length / 2))];
  const events: string[] = [];
  const event = (name: string | undefined, data: unknown) => events.push(`${name ? `event: ${name}\n` : ""}data: ${JSON.stringify(data)}\n\n`);
  let firstText = -1;
  const textEvent = (name: string | undefined, data: unknown) => {
    event(name, data);
    if (firstText < 0) firstText = events.length - 1;
  };
  if (kind === "anthropic") {
    event("message_start", {
      type: "message_start",
      message: {
        id: "msg_s",
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    });
    let index = 0;
    if (pieces.length) {
      event("content_block_start", { type: "content_block_start", index, content_block: { type: "text", text: "" } });
      for (const text of pieces) textEvent("content_block_delta", { type: "content_block_delta", index, delta: { type: "text_delta", text } });
      event("content_block_stop", { type: "content_block_stop", index: index++ });
    }
    for (const call of calls) {
      event("content_block_start", { type: "content_block_start", index, content_block: { type: "tool_use", id: call.id, name: call.name, input: {} } });
      for (const partial_json of halves(JSON.stringify(call.args)))
        event("content_block_delta", { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } });
      event("content_block_stop", { type: "content_block_stop", index: index++ });
    }
    const stop_reason = turn.stop === "length" ? "max_tokens" : turn.stop === "safety" ? "refusal" : calls.length ? "tool_use" : "end_turn";
    event("message_delta", { type: "message_delta", delta: { stop_reason, stop_sequence: null }, usage: { output_tokens: 10 } });
    event("message_stop", { type: "message_stop" });
  } else if (kind === "openai") {
    const chunk = (delta: unknown, finish_reason: string | null = null) => ({
      id: "chatcmpl-s",
      object: "chat.completion.chunk",
      created: 1767225600,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason }],
    });
    event(undefined, chunk({ role: "assistant", content: "" }));
    for (const content of pieces) textEvent(undefined, chunk({ content }));
    calls.forEach((call, index) => {
      event(undefined, chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }));
      for (const args of halves(JSON.stringify(call.args))) event(undefined, chunk({ tool_calls: [{ index, function: { arguments: args } }] }));
    });
    event(undefined, chunk({}, turn.stop === "length" ? "length" : turn.stop === "safety" ? "content_filter" : calls.length ? "tool_calls" : "stop"));
    event(undefined, {
      id: "chatcmpl-s",
      object: "chat.completion.chunk",
      created: 1767225600,
      model,
      choices: [],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
    events.push("data: [DONE]\n\n");
  } else {
    for (const text of pieces) textEvent(undefined, { candidates: [{ content: { role: "model", parts: [{ text }] }, index: 0 }], modelVersion: model });
    event(undefined, {
      candidates: [
        {
          content: { role: "model", parts: calls.map((c) => ({ functionCall: { id: c.id, name: c.name, args: c.args } })) },
          finishReason: turn.stop === "length" ? "MAX_TOKENS" : turn.stop === "safety" ? "SAFETY" : "STOP",
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
      modelVersion: model,
    });
  }
  // A hanging stream shows its first piece of text, then waits (on Anthropic, after the block opens).
  if (turn.hang) return void res.write(events.slice(0, firstText + 1).join(""));
  res.end(events.join(""));
}

/** Answers Ollama's `POST /api/chat`: one JSON object, or (streamed) one a line, the last with `done: true` and the counts. */
function ollamaAnswer(res: http.ServerResponse, model: string, turn: ScriptedTurn, stream: boolean): void {
  const tool_calls = (turn.calls ?? []).map((c) => ({ function: { name: c.name, arguments: c.args } }));
  const last = { model, done: true, done_reason: turn.stop === "length" ? "length" : "stop", prompt_eval_count: 10, eval_count: 10 };
  if (!stream) {
    res.writeHead(200, { "content-type": "application/json" });
    return void res.end(JSON.stringify({ ...last, message: { role: "assistant", content: turn.text ?? "", ...(tool_calls.length && { tool_calls }) } }));
  }
  res.writeHead(200, { "content-type": "application/x-ndjson" });
  const pieces = turn.text ? (turn.text.match(/\S+\s*/g) ?? [turn.text]) : [];
  const lines = [
    ...pieces.map((content) => ({ model, done: false, message: { role: "assistant", content } })),
    ...(tool_calls.length ? [{ model, done: false, message: { role: "assistant", content: "", tool_calls } }] : []),
    { ...last, message: { role: "assistant", content: "" } },
  ];
  res.end(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
}

/** The tool definitions a generation request carried, as `{ name, schema }` whatever the provider's format. */
export function sentTools(kind: FakeProviderKind, body: any): Array<{ name: string; description?: string; schema: any }> {
  if (kind === "anthropic") return (body.tools ?? []).map((t: any) => ({ name: t.name, description: t.description, schema: t.input_schema }));
  if (kind === "openai")
    return (body.tools ?? []).map((t: any) => ({ name: t.function.name, description: t.function.description, schema: t.function.parameters }));
  return (body.tools ?? [])
    .flatMap((t: any) => t.functionDeclarations ?? [])
    .map((d: any) => ({ name: d.name, description: d.description, schema: d.parameters }));
}

/** The tool results a generation request fed back after the model's last turn, whatever the provider's format. */
export function fedBackResults(kind: FakeProviderKind, body: any): Array<{ id?: string; name?: string; text: string; isError: boolean }> {
  if (kind === "anthropic") {
    const last = body.messages.at(-1);
    return (Array.isArray(last.content) ? last.content : [])
      .filter((b: any) => b.type === "tool_result")
      .map((b: any) => ({ id: b.tool_use_id, text: typeof b.content === "string" ? b.content : JSON.stringify(b.content), isError: b.is_error === true }));
  }
  if (kind === "openai") {
    const out: any[] = [];
    for (let i = body.messages.length - 1; i >= 0 && body.messages[i].role === "tool"; i--) out.unshift(body.messages[i]);
    return out.map((m) => ({ id: m.tool_call_id, text: m.content, isError: false }));
  }
  const last = body.contents.at(-1);
  return (last.parts ?? [])
    .filter((p: any) => p.functionResponse)
    .map((p: any) => ({
      id: p.functionResponse.id,
      name: p.functionResponse.name,
      text: String(p.functionResponse.response.output ?? p.functionResponse.response.error),
      isError: "error" in p.functionResponse.response,
    }));
}
