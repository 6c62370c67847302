/** What a transport knows about who sent a request: the SDK's `AuthInfo`, in the parts typemcp reads. */
export interface RequestAuth {
  readonly clientId?: string;
  readonly extra?: Readonly<Record<string, unknown>>;
}

/**
 * Who a request acts for, as one string a 2026-07-28 `requestState` is bound to: the token's
 * subject (`extra.sub`, set by an OAuth verifier) when there is one, else its client id, else
 * `anonymous` (no authentication: every caller is the same principal, and what binds a state to
 * its call is the tool and the arguments). The one place to change when a transport learns more
 * about its callers.
 */
export function principalOf(auth: RequestAuth | undefined): string {
  const subject = auth?.extra?.sub;
  if (typeof subject === "string" && subject !== "") return `sub:${subject}`;
  if (typeof auth?.clientId === "string" && auth.clientId !== "") return `client:${auth.clientId}`;
  return "anonymous";
}
