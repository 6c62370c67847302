/**
 * The seam to the MCP client SDK (`@modelcontextprotocol/client`): the one module of typemcp
 * that imports it, as `runtime/sdk/sdk.ts` is for the server SDK. A host's sessions
 * (`host/sdk-client.ts`) and `typemcp/testing`'s in-memory client (`testing/sdk-client.ts`) both
 * build on what it re-exports, so an SDK upgrade is read in one place.
 */
export {
  Client,
  ClientCredentialsProvider,
  InMemoryTransport,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type JSONRPCMessage,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
  type Transport,
} from "@modelcontextprotocol/client";
export { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
export { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
