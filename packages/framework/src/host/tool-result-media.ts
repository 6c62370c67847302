import type { McpCallResult } from "./mcp-tool.js";
import type { ToolResultMedia } from "./models/model-adapter.js";

/**
 * The largest piece of media the host hands any provider, decoded (20 MB: OpenAI's figure for one
 * image, and Gemini's former bound on inline data). Each adapter has its own, often lower, bounds.
 */
export const MAX_MEDIA_BYTES = 20 * 1024 * 1024;

/** The bytes base64 `data` decodes to, counted without decoding it. */
export function base64Bytes(data: string): number {
  const clean = data.replace(/\s+/g, "");
  return Math.floor((clean.length * 3) / 4) - (clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0);
}

/**
 * The media of one MCP content block, or undefined when it has none: an image or audio block's
 * base64 data, or the `blob` of an embedded resource (a PDF, an image kept as a resource), with its
 * MIME type and, for a resource, its URI. Its kind follows the MIME type, so an image kept as a
 * resource goes to the model as an image.
 */
export function blockMedia(block: { readonly type?: unknown; readonly [field: string]: unknown }): ToolResultMedia | undefined {
  if ((block.type === "image" || block.type === "audio") && typeof block.data === "string" && typeof block.mimeType === "string") {
    return { kind: kindOf(block.mimeType), mimeType: block.mimeType, data: block.data };
  }
  const resource = block.resource as { uri?: unknown; mimeType?: unknown; blob?: unknown } | undefined;
  if (block.type !== "resource" || typeof resource?.blob !== "string") return undefined;
  const mimeType = typeof resource.mimeType === "string" ? resource.mimeType : "application/octet-stream";
  return { kind: kindOf(mimeType), mimeType, data: resource.blob, ...(typeof resource.uri === "string" && { uri: resource.uri }) };
}

/** The media of a `tools/call` result, in the order of its blocks: what each adapter sends as its API takes it, or names in a line of text. */
export function toolResultMedia(result: McpCallResult | undefined): ToolResultMedia[] {
  return (result?.content ?? []).flatMap((block) => blockMedia(block) ?? []);
}

/** One piece of media named for the model: `audio audio/wav, 1234 bytes`, `resource file:///a.pdf (application/pdf, 1234 bytes)`. */
export function describeMedia(media: ToolResultMedia): string {
  const size = `${base64Bytes(media.data)} bytes`;
  return media.uri === undefined ? `${media.kind} ${media.mimeType}, ${size}` : `resource ${media.uri} (${media.mimeType}, ${size})`;
}

/**
 * Splits media into what a provider takes and a line for each piece it does not, saying what was
 * left out and why, so the model knows the result held more than it sees. `refuse` gives the
 * provider's reason for one piece, or undefined when it takes it.
 */
export function sortMedia(
  media: readonly ToolResultMedia[] | undefined,
  refuse: (media: ToolResultMedia) => string | undefined,
): { readonly sent: ToolResultMedia[]; readonly notes: string[] } {
  const sent: ToolResultMedia[] = [];
  const notes: string[] = [];
  for (const each of media ?? []) {
    const reason = each.data.length === 0 ? "it is empty" : refuse(each);
    if (reason === undefined) sent.push(each);
    else notes.push(`[Not shown to you: the ${describeMedia(each)}, because ${reason}.]`);
  }
  return { sent, notes };
}

/** A provider's bounds as `refuse` for `sortMedia`: which MIME types it takes for each kind, and the largest size of each. */
export function mediaRefusal(
  provider: string,
  accepts: Partial<Record<ToolResultMedia["kind"], { readonly types: readonly string[]; readonly maxBytes: number }>>,
): (media: ToolResultMedia) => string | undefined {
  return (media) => {
    const rule = accepts[media.kind];
    if (!rule) return `${provider} takes no ${media.kind === "file" ? "files" : media.kind} with a tool result`;
    if (!rule.types.includes(media.mimeType)) return `${provider} takes ${media.kind === "file" ? "files" : media.kind} only as ${rule.types.join(", ")}`;
    const bytes = base64Bytes(media.data);
    return bytes > rule.maxBytes ? `it is ${bytes} bytes and ${provider} takes at most ${rule.maxBytes} bytes for one` : undefined;
  };
}

function kindOf(mimeType: string): ToolResultMedia["kind"] {
  return mimeType.startsWith("image/") ? "image" : mimeType.startsWith("audio/") ? "audio" : "file";
}
