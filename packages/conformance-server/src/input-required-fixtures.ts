import { prompt, tool, type Context, type PromptMessageInput } from "typemcp";

/**
 * The tools and prompt of the suite's input-required scenarios (protocol 2026-07-28, SEP-2322),
 * written as any typemcp author writes them: `ctx.elicit`, `ctx.sample` and `ctx.roots`, each
 * question named with the key the suite looks for. The same methods serve a 2025-11-25 client
 * through requests to the client.
 */
export class InputRequiredFixtures {
  /** Asks the user's name, then greets them. */
  @tool({ name: "test_input_required_result_elicitation" })
  async elicitName(ctx: Context): Promise<string> {
    const reply = await ctx.elicit<{ name: string }>("What is your name?", { key: "user_name" });
    return `Hello, ${reply.content?.name ?? "stranger"}!`;
  }

  /** Asks the client's model a question. */
  @tool({ name: "test_input_required_result_sampling" })
  async sampleCapital(ctx: Context): Promise<string> {
    const reply = await ctx.sample(
      { messages: [{ role: "user", content: { type: "text", text: "What is the capital of France?" } }], maxTokens: 100 },
      { key: "capital_question" },
    );
    return `The model says: ${textOf(reply.content)}`;
  }

  /** Lists the client's roots. */
  @tool({ name: "test_input_required_result_list_roots" })
  async listRoots(ctx: Context): Promise<string> {
    const roots = await ctx.roots({ key: "client_roots" });
    return `Roots: ${roots.map((r) => r.uri).join(", ") || "none"}`;
  }

  /** Asks for confirmation; the answer comes back with the signed request state. */
  @tool({ name: "test_input_required_result_request_state" })
  async confirm(ctx: Context): Promise<string> {
    const reply = await ctx.elicit<{ ok: boolean }>("Please confirm", { key: "confirm" });
    return `state-ok: confirmed=${reply.content?.ok === true}`;
  }

  /** Asks three questions at once. */
  @tool({ name: "test_input_required_result_multiple_inputs" })
  async askThree(ctx: Context): Promise<string> {
    const [name, greeting, roots] = await Promise.all([
      ctx.elicit<{ name: string }>("What is your name?", { key: "user_name" }),
      ctx.sample({ messages: [{ role: "user", content: { type: "text", text: "Generate a greeting" } }], maxTokens: 50 }, { key: "greeting" }),
      ctx.roots({ key: "client_roots" }),
    ]);
    return `${textOf(greeting.content)}, ${name.content?.name ?? "stranger"} (${roots.length} root(s))`;
  }

  /** Asks two questions, one after the other. */
  @tool({ name: "test_input_required_result_multi_round" })
  async twoSteps(ctx: Context): Promise<string> {
    const name = await ctx.elicit<{ name: string }>("Step 1: What is your name?", { key: "step1" });
    const color = await ctx.elicit<{ color: string }>("Step 2: What is your favorite color?", { key: "step2" });
    return `${name.content?.name ?? "stranger"} likes ${color.content?.color ?? "no color"}`;
  }

  /** Asks for a confirmation whose signed state a client cannot forge. */
  @tool({ name: "test_input_required_result_tampered_state" })
  async guarded(ctx: Context): Promise<string> {
    const reply = await ctx.elicit<{ ok: boolean }>("Please confirm", { key: "confirm" });
    return `confirmed=${reply.content?.ok === true}`;
  }

  /** Asks only what the client declared it can answer. */
  @tool({ name: "test_input_required_result_capabilities" })
  async askWhatTheClientCan(ctx: Context): Promise<string> {
    const answers: string[] = [];
    const asks: Array<Promise<void>> = [];
    if (ctx.client.elicitation)
      asks.push(ctx.elicit<{ name: string }>("What is your name?", { key: "user_name" }).then((r) => void answers.push(`name=${r.content?.name}`)));
    if (ctx.client.sampling) {
      const question = { messages: [{ role: "user" as const, content: { type: "text" as const, text: "What is the capital of France?" } }], maxTokens: 100 };
      asks.push(ctx.sample(question, { key: "capital_question" }).then((r) => void answers.push(`model=${textOf(r.content)}`)));
    }
    if (ctx.client.roots) asks.push(ctx.roots({ key: "client_roots" }).then((r) => void answers.push(`roots=${r.length}`)));
    await Promise.all(asks);
    return answers.length ? answers.join("; ") : "the client declared nothing to ask";
  }

  // ------------------------------------------------ diagnostic tools of the server-stateless scenario

  /** Needs the client's model: a client that did not declare sampling gets -32021 (2026-07-28). */
  @tool({ name: "test_missing_capability" })
  async needsSampling(ctx: Context): Promise<string> {
    const reply = await ctx.sample("Say hello.", { key: "hello" });
    return textOf(reply.content);
  }

  /** Reports progress, then asks the user: the answer stream carries no request to the client. */
  @tool({ name: "test_streaming_elicitation" })
  async streamThenAsk(ctx: Context): Promise<string> {
    await ctx.progress(1, 2, "about to ask");
    const reply = await ctx.elicit<{ name: string }>("What is your name?", { key: "user_name" });
    return `Hello, ${reply.content?.name ?? "stranger"}!`;
  }

  /** Logs at info level: only a request that names a log level in its _meta hears it. */
  @tool({ name: "test_logging_tool" })
  logs(ctx: Context): string {
    ctx.log.info("a log line for a client that asked for logs");
    return "logged";
  }

  /** A prompt built from what the user answers. */
  @prompt({ name: "test_input_required_result_prompt" })
  async contextualPrompt(ctx: Context): Promise<PromptMessageInput[]> {
    const reply = await ctx.elicit<{ context: string }>("What context should the prompt use?", { key: "user_context" });
    return [{ role: "user", content: `Answer with this context in mind: ${reply.content?.context ?? "none"}` }];
  }
}

function textOf(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks.map((b) => (b && typeof b === "object" && "text" in b ? String((b as { text: unknown }).text) : "")).join("");
}
