import {
  content,
  embeddedResource,
  image,
  audio,
  prompt,
  resource,
  text,
  tool,
  ToolError,
  type Context,
  type Int,
  type PromptMessageInput,
  type ToolContent,
} from "typemcp";

/** A 1×1 red PNG. */
const RED_PIXEL_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC", "base64");

/** Ten milliseconds of silence: a mono 8 kHz 16-bit PCM WAV file. */
const SILENT_WAV = silentWav(8000, 80);

/** The shape of `test://template/{id}/data`. */
export interface TemplateData {
  id: string;
  templateTest: boolean;
  data: string;
}

/** A postal address, for the JSON Schema 2020-12 tool. */
export interface Address {
  street?: string;
  city?: string;
}

/**
 * Every tool, resource and prompt that the official MCP conformance suite
 * (`@modelcontextprotocol/conformance`) calls in its server scenarios, with the names and
 * answers it checks for.
 */
export class ConformanceFixtures {
  // ---------------------------------------------------------------- tools: content types

  /** Tests simple text content response. */
  @tool({ name: "test_simple_text", annotations: { readOnlyHint: true } })
  simpleText(): string {
    return "This is a simple text response for testing.";
  }

  /** Tests image content response: a 1×1 red PNG. */
  @tool({ name: "test_image_content", annotations: { readOnlyHint: true } })
  imageContent(): ToolContent {
    return content(image(RED_PIXEL_PNG, "image/png"));
  }

  /** Tests audio content response: a short silent WAV clip. */
  @tool({ name: "test_audio_content", annotations: { readOnlyHint: true } })
  audioContent(): ToolContent {
    return content(audio(SILENT_WAV, "audio/wav"));
  }

  /** Tests embedded resource content response. */
  @tool({ name: "test_embedded_resource", annotations: { readOnlyHint: true } })
  embeddedResource(): ToolContent {
    return content(embeddedResource("test://embedded-resource", "This is an embedded resource content.", "text/plain"));
  }

  /** Tests response with multiple content types (text, image, resource). */
  @tool({ name: "test_multiple_content_types", annotations: { readOnlyHint: true } })
  multipleContentTypes(): ToolContent {
    return content(
      text("Multiple content types test:"),
      image(RED_PIXEL_PNG, "image/png"),
      embeddedResource("test://mixed-content-resource", JSON.stringify({ test: "data", value: 123 }), "application/json"),
    );
  }

  // ---------------------------------------------------------------- tools: errors and the context

  /** Tests error response handling: always fails. */
  @tool({ name: "test_error_handling" })
  errorHandling(): void {
    throw new ToolError("This tool intentionally returns an error for testing");
  }

  /** Tests tool that emits log messages during execution: three at info level, 50 ms apart. */
  @tool({ name: "test_tool_with_logging" })
  async toolWithLogging(ctx: Context): Promise<string> {
    ctx.log.info("Tool execution started");
    await sleep(50, ctx.signal);
    ctx.log.info("Tool processing data");
    await sleep(50, ctx.signal);
    ctx.log.info("Tool execution completed");
    return "Tool with logging executed successfully";
  }

  /** Tests tool that reports progress notifications: 0, 50 and 100 of 100, 50 ms apart. */
  @tool({ name: "test_tool_with_progress" })
  async toolWithProgress(ctx: Context): Promise<string> {
    for (const done of [0, 50, 100]) {
      if (done > 0) await sleep(50, ctx.signal);
      await ctx.progress(done, 100, `Completed step ${done} of 100`);
    }
    return "Tool with progress executed successfully";
  }

  /**
   * Tests server-initiated sampling: asks the client's model and returns its answer.
   * @param prompt The prompt to send to the LLM.
   */
  @tool({ name: "test_sampling" })
  async sampling(ctx: Context, prompt: string): Promise<string> {
    const answer = await ctx.sample({ messages: [{ role: "user", content: { type: "text", text: prompt } }], maxTokens: 100 });
    const block = answer.content as { type?: string; text?: string };
    return `LLM response: ${block.type === "text" ? (block.text ?? "") : JSON.stringify(block)}`;
  }

  /**
   * Tests server-initiated elicitation: asks the user for a username and an email address.
   * @param message The message to show the user.
   */
  @tool({ name: "test_elicitation" })
  async elicitation(ctx: Context, message: string): Promise<string> {
    const reply = await ctx.elicit<{
      /** User's response */
      username: string;
      /** User's email address */
      email: string;
    }>(message);
    return `User response: action=${reply.action}, content=${JSON.stringify(reply.content ?? {})}`;
  }

  /** Tests elicitation with a default value for every primitive type (SEP-1034). */
  @tool({ name: "test_elicitation_sep1034_defaults" })
  async elicitationDefaults(ctx: Context): Promise<string> {
    const reply = await ctx.elicit<{
      /** User name @default "John Doe" */
      name?: string;
      /** User age @default 30 */
      age?: Int;
      /** User score @default 95.5 */
      score?: number;
      /** User status @default "active" */
      status?: "active" | "inactive" | "pending";
      /** Verification status @default true */
      verified?: boolean;
    }>("Please review and update the form fields with defaults");
    return `Elicitation completed: action=${reply.action}, content=${JSON.stringify(reply.content ?? {})}`;
  }

  /** Tests elicitation with the five enum schema variants (SEP-1330). */
  @tool({ name: "test_elicitation_sep1330_enums" })
  async elicitationEnums(ctx: Context): Promise<string> {
    const reply = await ctx.elicit("Please pick from each list", {
      type: "object",
      properties: {
        untitledSingle: { type: "string", description: "Untitled single-select", enum: ["option1", "option2", "option3"] },
        titledSingle: {
          type: "string",
          description: "Titled single-select",
          oneOf: [
            { const: "value1", title: "First Option" },
            { const: "value2", title: "Second Option" },
            { const: "value3", title: "Third Option" },
          ],
        },
        legacyEnum: {
          type: "string",
          description: "Legacy titled single-select",
          enum: ["opt1", "opt2", "opt3"],
          enumNames: ["Option One", "Option Two", "Option Three"],
        },
        untitledMulti: {
          type: "array",
          description: "Untitled multi-select",
          items: { type: "string", enum: ["option1", "option2", "option3"] },
        },
        titledMulti: {
          type: "array",
          description: "Titled multi-select",
          items: {
            anyOf: [
              { const: "value1", title: "First Choice" },
              { const: "value2", title: "Second Choice" },
              { const: "value3", title: "Third Choice" },
            ],
          },
        },
      },
      required: [],
    });
    return `Elicitation completed: action=${reply.action}, content=${JSON.stringify(reply.content ?? {})}`;
  }

  // ---------------------------------------------------------------- tools: schema and transport

  /**
   * Tool with JSON Schema 2020-12 features.
   * @param name A name.
   * @param address A postal address.
   */
  @tool({ name: "json_schema_2020_12_tool", annotations: { readOnlyHint: true } })
  jsonSchema202012(name?: string, address?: Address): string {
    return `Received name=${JSON.stringify(name ?? null)}, address=${JSON.stringify(address ?? null)}`;
  }

  /**
   * Tests SSE polling (SEP-1699): takes a moment, then answers. typemcp offers no way for a
   * tool to close its own response stream, so the answer arrives on the original stream.
   */
  @tool({ name: "test_reconnection" })
  async reconnection(ctx: Context): Promise<string> {
    await sleep(100, ctx.signal);
    return "Reconnection test completed; the answer came on the stream the call opened.";
  }

  // ---------------------------------------------------------------- resources

  /** A static text resource for testing. */
  @resource("test://static-text", { mimeType: "text/plain" })
  staticText(): string {
    return "This is the content of the static text resource.";
  }

  /** A static binary resource for testing: a 1×1 red PNG. */
  @resource("test://static-binary", { mimeType: "image/png" })
  staticBinary(): Uint8Array {
    return RED_PIXEL_PNG;
  }

  /** A resource template with an ID parameter: data for that ID, as JSON. */
  @resource("test://template/{id}/data", { mimeType: "application/json" })
  templateData(id: string): TemplateData {
    return { id, templateTest: true, data: `Data for ID: ${id}` };
  }

  /** A resource clients can subscribe to. */
  @resource("test://watched-resource", { mimeType: "text/plain" })
  watchedResource(): string {
    return "Watched resource content";
  }

  // ---------------------------------------------------------------- prompts

  /** A simple prompt without arguments. */
  @prompt({ name: "test_simple_prompt" })
  simplePrompt(): string {
    return "This is a simple prompt for testing.";
  }

  /**
   * A prompt with two required arguments.
   * @param arg1 First test argument.
   * @param arg2 Second test argument.
   */
  @prompt({ name: "test_prompt_with_arguments", complete: { arg1: ["paris", "park", "party"], arg2: ["hello", "world"] } })
  promptWithArguments(arg1: string, arg2: string): string {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  /**
   * A prompt that embeds a resource.
   * @param resourceUri URI of the resource to embed.
   */
  @prompt({ name: "test_prompt_with_embedded_resource" })
  promptWithEmbeddedResource(resourceUri: string): PromptMessageInput[] {
    return [
      { role: "user", content: embeddedResource(resourceUri, "Embedded resource content for testing.", "text/plain") },
      { role: "user", content: "Please process the embedded resource above." },
    ];
  }

  /** A prompt that shows an image. */
  @prompt({ name: "test_prompt_with_image" })
  promptWithImage(): PromptMessageInput[] {
    return [
      { role: "user", content: image(RED_PIXEL_PNG, "image/png") },
      { role: "user", content: "Please analyze the image above." },
    ];
  }
}

/** Waits `ms` milliseconds, or less when the call is cancelled. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** A WAV file of `samples` silent samples at `rate` Hz, mono, 16-bit PCM. */
function silentWav(rate: number, samples: number): Buffer {
  const dataBytes = samples * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write("WAVE", 8, "ascii");
  wav.write("fmt ", 12, "ascii");
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(dataBytes, 40);
  return wav;
}
