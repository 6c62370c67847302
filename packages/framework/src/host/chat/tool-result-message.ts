import type { ProposedCall, ToolResultMessage } from "../models/model-adapter.js";
import { toolResultMedia } from "../tool-result-media.js";
import type { ChatServer } from "./chat-types.js";
import type { CheckedOutcome } from "./host-answered-call.js";
import { READ_RESOURCE_TOOL } from "./resource-tools.js";

/**
 * What the model is told of a call the host ran: the result's text, its media (each adapter sends
 * them as its API takes them), and, when the result links to resources, how the model can read
 * them, or that this host cannot, so it passes the links on instead.
 */
export function toToolResultMessage(call: ProposedCall, outcome: CheckedOutcome, server: ChatServer, readResources: boolean): ToolResultMessage {
  const media = toolResultMedia(outcome.result);
  const linked = outcome.result?.content?.some((block) => block.type === "resource_link");
  const readable = readResources && server.listResources !== undefined && server.readResource !== undefined;
  const how = !linked
    ? ""
    : readable
      ? `\n[To read a linked resource, call ${READ_RESOURCE_TOOL} with server "${server.name}" and its URI.]`
      : "\n[This host cannot read the linked resources for you: give the user the links.]";
  return { callId: call.id, name: call.name, content: `${outcome.text}${how}`, isError: outcome.isError, ...(media.length && { media }) };
}
