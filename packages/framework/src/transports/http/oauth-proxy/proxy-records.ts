import type { OAuthProxyRecordKind, OAuthProxyStore } from "./oauth-proxy-store.js";

/** A host registered at the proxy (RFC 7591): a public client, kept for {@link LIFETIMES}.client. */
export interface RegisteredClient {
  readonly client_id: string;
  readonly client_id_issued_at: number;
  readonly redirect_uris: readonly string[];
  readonly client_name?: string;
}

/** A login under way at the provider, under the `state` the proxy sent it; taken by the callback. */
export interface PendingLogin {
  readonly clientId: string;
  readonly redirectUri: string;
  /** The host's own `state`, handed back to it unchanged. */
  readonly state: string | undefined;
  /** The host's S256 challenge, which its token request must answer. */
  readonly codeChallenge: string;
  readonly scope: string | undefined;
  /** The proxy's own PKCE verifier towards the provider. */
  readonly upstreamVerifier: string;
  /** The value of the cookie set in the browser that started the login: only that browser may finish it. */
  readonly browser: string;
}

/** A code the proxy gave a host: what its token request must match, and the provider's code it stands for. */
export interface IssuedCode {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly upstreamCode: string;
  readonly upstreamVerifier: string;
}

/** How long each kind of record lives: a registration 30 days, a login 10 minutes, a code 60 seconds. */
export const LIFETIMES: Readonly<Record<OAuthProxyRecordKind, number>> = { client: 30 * 86_400_000, flow: 10 * 60_000, code: 60_000 };

/** The records of one proxy, typed, over its store. */
export interface ProxyRecords {
  saveClient(client: RegisteredClient): Promise<void>;
  client(id: string): Promise<RegisteredClient | undefined>;
  saveLogin(id: string, login: PendingLogin): Promise<void>;
  /** The login under way, left in place (the consent form reads it; the callback takes it). */
  login(id: string): Promise<PendingLogin | undefined>;
  takeLogin(id: string): Promise<PendingLogin | undefined>;
  saveCode(code: string, issued: IssuedCode): Promise<void>;
  takeCode(code: string): Promise<IssuedCode | undefined>;
}

/** Typed access to `store`. */
export function proxyRecords(store: OAuthProxyStore): ProxyRecords {
  const read = <T>(text: string | undefined) => (text === undefined ? undefined : (JSON.parse(text) as T));
  return {
    saveClient: (client) => store.set("client", client.client_id, JSON.stringify(client), LIFETIMES.client),
    client: async (id) => read<RegisteredClient>(await store.get("client", id)),
    saveLogin: (id, login) => store.set("flow", id, JSON.stringify(login), LIFETIMES.flow),
    login: async (id) => read<PendingLogin>(await store.get("flow", id)),
    takeLogin: async (id) => read<PendingLogin>(await store.take("flow", id)),
    saveCode: (code, issued) => store.set("code", code, JSON.stringify(issued), LIFETIMES.code),
    takeCode: async (code) => read<IssuedCode>(await store.take("code", code)),
  };
}
