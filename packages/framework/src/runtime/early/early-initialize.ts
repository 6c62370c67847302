/**
 * The `initialize` answer of a stdio connection before the MCP SDK is loaded: what the SDK's
 * `Server` answers (its version negotiation, our capabilities, who the server is, its
 * instructions, the extension offers the client takes), for an `initialize` whose params are of
 * a shape the SDK certainly accepts. Any other (a version it would negotiate down, `_meta`,
 * icons, the client's tasks capability, a value of a type its schema refuses) is the SDK's to
 * answer: `earlyInitialize` returns undefined and the connection loads it.
 * `early-answers.test.ts` holds every answer given here to the SDK's own for the same request.
 */
import { withTakenOffers, type ExtensionOffers } from "../extension-offers.js";
import type { ClientCapabilities, ServerCapabilities, ServerInfo } from "../sdk/protocol-types.js";
import { isPlainObject } from "../sdk/plain-request.js";

/** The 2025-era versions the SDK's `initialize` accepts as asked, newest first (the SDK's `SUPPORTED_PROTOCOL_VERSIONS`). */
export const INITIALIZE_VERSIONS: readonly string[] = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"];

/** What a server answers `initialize` from. */
export interface InitializeFacts {
  readonly info: ServerInfo;
  readonly capabilities: ServerCapabilities;
  readonly offers: ExtensionOffers;
}

/** The answer to `initialize` with `params`, or undefined when the SDK must answer it. */
export function earlyInitialize(facts: InitializeFacts, params: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(params) || "_meta" in params) return undefined;
  const { protocolVersion, capabilities, clientInfo } = params;
  if (typeof protocolVersion !== "string" || !INITIALIZE_VERSIONS.includes(protocolVersion)) return undefined;
  if (!isPlainClientInfo(clientInfo) || !isPlainCapabilities(capabilities)) return undefined;
  // As the SDK's Server is made (protocol-server.ts) and answers: its identity without the instructions, and those only when set.
  const { instructions, ...serverInfo } = facts.info;
  const result = { protocolVersion, capabilities: facts.capabilities, serverInfo, ...(instructions ? { instructions } : {}) };
  return withTakenOffers(result, capabilities as ClientCapabilities, facts.offers);
}

const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);
const isString = (value: unknown) => typeof value === "string";
const isBoolean = (value: unknown) => typeof value === "boolean";
const isRecordOfObjects = (value: unknown) => isPlainObject(value) && Object.values(value).every(isPlainObject);

// `clientInfo`: a name and a version, with a title, website and description if any; icons are left to the SDK's check.
function isPlainClientInfo(value: unknown): boolean {
  if (!isPlainObject(value) || value.icons !== undefined) return false;
  return isString(value.name) && isString(value.version) && [value.title, value.websiteUrl, value.description].every((v) => optional(v, isString));
}

// The client's capabilities as the SDK's schema takes them; the client's tasks capability is left to the SDK's check.
function isPlainCapabilities(value: unknown): boolean {
  if (!isPlainObject(value) || value.tasks !== undefined) return false;
  const { experimental, sampling, elicitation, roots, extensions } = value;
  return (
    optional(experimental, isRecordOfObjects) &&
    optional(extensions, isRecordOfObjects) &&
    optional(sampling, (s) => isPlainObject(s) && optional(s.context, isPlainObject) && optional(s.tools, isPlainObject)) &&
    optional(
      elicitation,
      (e) => isPlainObject(e) && optional(e.form, (f) => isPlainObject(f) && optional(f.applyDefaults, isBoolean)) && optional(e.url, isPlainObject),
    ) &&
    optional(roots, (r) => isPlainObject(r) && optional(r.listChanged, isBoolean))
  );
}
