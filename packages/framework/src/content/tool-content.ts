/** One block of a tool result, as MCP defines it. */
export type ContentBlock =
  | { type: "text"; text: string }
  | { type: "image"; data: string; mimeType: string }
  | { type: "audio"; data: string; mimeType: string }
  | { type: "resource_link"; uri: string; name: string; title?: string; description?: string; mimeType?: string }
  | {
      type: "resource";
      resource: { uri: string; mimeType?: string; text: string } | { uri: string; mimeType?: string; blob: string };
    };

/**
 * Content a tool returns as is, instead of its value turned into JSON: images, audio, links to
 * resources, embedded resources, or several blocks at once. Build one with the helpers
 * (`image`, `audio`, `resourceLink`, `embeddedResource`, `text`, `content`).
 *
 * @typemcpContent
 */
export class ToolContent {
  constructor(readonly blocks: readonly ContentBlock[]) {}
}

/** Bytes or base64 text, as the helpers accept them. */
export type BinaryData = Uint8Array | string;

function toBase64(data: BinaryData): string {
  return typeof data === "string" ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64");
}

/** A text block. */
export function text(value: string): ContentBlock {
  return { type: "text", text: value };
}

/**
 * An image for the model to see.
 * @example
 * ```ts
 * @tool() chart(): ToolContent { return content(image(pngBytes, "image/png"), text("Sales by month")); }
 * ```
 */
export function image(data: BinaryData, mimeType = "image/png"): ContentBlock {
  return { type: "image", data: toBase64(data), mimeType };
}

/** A sound clip. */
export function audio(data: BinaryData, mimeType = "audio/wav"): ContentBlock {
  return { type: "audio", data: toBase64(data), mimeType };
}

/** A link to a resource the client may read with `resources/read`. */
export function resourceLink(uri: string, name: string, details: { title?: string; description?: string; mimeType?: string } = {}): ContentBlock {
  return { type: "resource_link", uri, name, ...details };
}

/** A resource's contents, embedded in the result: text, or bytes sent as base64. */
export function embeddedResource(uri: string, body: string | Uint8Array, mimeType?: string): ContentBlock {
  const resource =
    typeof body === "string" ? { uri, text: body, ...(mimeType ? { mimeType } : {}) } : { uri, blob: toBase64(body), ...(mimeType ? { mimeType } : {}) };
  return { type: "resource", resource };
}

/** A result of several blocks, in order; plain strings become text blocks. */
export function content(...blocks: Array<ContentBlock | string>): ToolContent {
  return new ToolContent(blocks.map((b) => (typeof b === "string" ? text(b) : b)));
}
