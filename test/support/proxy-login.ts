import type { OpenIdProvider } from "../fixtures/openid-provider.js";
import { typemcp, type CliRun } from "./host-cli.js";

/**
 * `typemcp call <tool> --url <url> --login --json` as a host behind an OAuth proxy: when it prints
 * the login URL, the provider's browser logs `subject` in, through the proxy at the origins in
 * `through`. Resolves with the run, the login URL it printed (undefined when it needed none),
 * and where the browser landed (the host's loopback listener).
 */
export async function callWithLogin(
  provider: OpenIdProvider,
  options: { url: string; tool: string; tokenFile: string; subject: string; through: readonly string[] },
): Promise<CliRun & { loginUrl: string | undefined; landed: URL | undefined }> {
  let login: Promise<URL> | undefined;
  let loginUrl: string | undefined;
  const run = await typemcp(["call", options.tool, "--url", options.url, "--login", "--json"], {
    env: { ...process.env, TYPEMCP_TOKEN_FILE: options.tokenFile, CI: "1" },
    timeoutMs: 30_000,
    onStderr: (stderr) => {
      loginUrl = /log in: open (\S+)/.exec(stderr)?.[1];
      if (loginUrl && !login) login = provider.logIn(loginUrl, options.subject, options.through);
    },
  });
  return { ...run, loginUrl, landed: login && (await login) };
}
