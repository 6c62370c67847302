import { createClientCredentialsAuth } from "./client-credentials-auth.js";
import { HostError } from "../errors/host-error.js";
import { createLoginAuth, type LoginAuth } from "./login-auth.js";
import type { OAuthClientProvider } from "./sdk-client.js";
import { describeServer, type ServerSpec } from "./server-spec.js";
import { defaultTokenFile } from "./token-file.js";

/**
 * The OAuth provider a spec asks for: client credentials, a person's login (`login` as well, to
 * finish it), or none. Tokens go to the token file (`TYPEMCP_TOKEN_FILE`, else ~/.typemcp/tokens.json).
 */
export async function createServerAuth(
  spec: ServerSpec,
  onLogin: ((url: URL) => void) | undefined,
): Promise<{ auth?: OAuthClientProvider; login?: LoginAuth }> {
  if (spec.kind !== "http" || (!spec.oauth && !spec.login)) return {};
  const url = parseServerUrl(spec.url);
  if (spec.oauth) return { auth: createClientCredentialsAuth(spec.oauth, url.href, defaultTokenFile()) };
  const announce = onLogin ?? ((at: URL) => process.stderr.write(`To log in to ${describeServer(spec)}, open:\n  ${at.href}\n`));
  const login = await createLoginAuth(spec.login!, url.href, defaultTokenFile(), announce);
  return { auth: login, login };
}

/** Waits for the person's login to come back and gets its tokens (kept for next time). */
export async function completeLogin(login: LoginAuth, who: string): Promise<void> {
  try {
    await login.finishLogin();
  } catch (error) {
    throw new HostError("HOST_SERVER_UNAVAILABLE", `The login to ${who} did not complete: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/** A server's URL, or a usage error naming it. */
export function parseServerUrl(url: string): URL {
  try {
    return new URL(url);
  } catch (error) {
    throw new HostError("HOST_USAGE", `"${url}" is not a URL.`, { cause: error });
  }
}
