import { inlineRefs } from "./inline-refs.js";
import { isJsonSchema, type JsonSchema } from "../json-schema/json-schema.js";
import { mapSubschemas } from "../json-schema/map-subschemas.js";
import { toObjectRoot } from "./to-object-root.js";
import { toGeminiSchema } from "./to-gemini-schema.js";
import { toOpenAIStrictSchema } from "./to-openai-strict-schema.js";

/** The model providers whose tool formats typemcp writes. */
export type Provider = "anthropic" | "openai-chat" | "openai-responses" | "gemini";

/** An input schema made ready for one provider; see `normalizeSchemaForProvider`. */
export interface ProviderSchema {
  /** The schema to send. */
  readonly schema: JsonSchema;
  /** Whether `schema` is OpenAI strict-mode ready (always false for Anthropic). */
  readonly strict: boolean;
  /** Why strict mode was asked for and not possible. */
  readonly notStrictBecause?: string;
  /**
   * The schema before the strict rewrite (equal to `schema` when not strict): what the server
   * validates against, and what `stripAddedNulls` reads to undo the rewrite.
   */
  readonly loose: JsonSchema;
}

// Document keywords no provider needs; some reject `$schema` outright.
const DOCUMENT_KEYWORDS = ["$schema", "$id", "$comment"];

/**
 * Rewrites an MCP tool's input schema into what a provider takes: references inlined (a
 * recursive one stays, with its target in `$defs`), document keywords dropped, and the root a
 * plain `type: "object"` with `properties` (providers reject `anyOf`/`oneOf`/`allOf` at the
 * root, so root branches are merged into one object that requires what every branch requires).
 * For Gemini, also the rewrite into its OpenAPI 3.0 subset (see `toGeminiSchema`).
 * For OpenAI with `strict` (the default), also the strict-mode rewrite when it is possible
 * without changing the calls the schema can express; see `toOpenAIStrictSchema`.
 */
export function normalizeSchemaForProvider(inputSchema: JsonSchema, provider: Provider, options: { strict?: boolean } = {}): ProviderSchema {
  const inlined = inlineRefs(inputSchema as JsonSchema);
  const loose = toObjectRoot(dropKeywords(inlined.schema, DOCUMENT_KEYWORDS));
  if (provider === "gemini") return { schema: toGeminiSchema(loose), strict: false, loose };
  if (provider === "anthropic" || options.strict === false) return { schema: loose, strict: false, loose };
  if (inlined.recursive) return { schema: loose, strict: false, notStrictBecause: "it is recursive", loose };
  const strict = toOpenAIStrictSchema(loose);
  return strict.ok ? { schema: strict.schema, strict: true, loose } : { schema: loose, strict: false, notStrictBecause: strict.reason, loose };
}

function dropKeywords(node: JsonSchema, keywords: readonly string[]): JsonSchema {
  const kept = Object.fromEntries(Object.entries(node).filter(([keyword]) => !keywords.includes(keyword)));
  return mapSubschemas(kept, (sub) => (isJsonSchema(sub) ? dropKeywords(sub, keywords) : sub));
}
