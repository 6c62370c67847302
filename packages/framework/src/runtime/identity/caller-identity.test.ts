import { describe, expect, test } from "vitest";
import { toAuthInfo } from "./auth-info.js";
import { callerIdentityOf, isListableOwner } from "./caller-identity.js";

const ANONYMOUS = { auth: undefined, sessionId: undefined, http: false, remoteAddress: undefined, connectionId: "c1" };

describe("callerIdentityOf", () => {
  test("is the user a token names, in any session or era", () => {
    const auth = toAuthInfo({ client_id: "host-app", sub: "ada" });
    expect(callerIdentityOf({ ...ANONYMOUS, auth, sessionId: "s1", http: true, remoteAddress: "127.0.0.1" })).toEqual({
      kind: "user",
      key: "user:ada",
      countKey: "user:ada",
    });
  });

  test("is the OAuth client only when the token names no user, in a namespace of its own", () => {
    const client = callerIdentityOf({ ...ANONYMOUS, auth: toAuthInfo({ client_id: "alice" }) });
    expect(client).toEqual({ kind: "client", key: "client:alice", countKey: "client:alice" });
    expect(client.key).not.toBe(callerIdentityOf({ ...ANONYMOUS, auth: toAuthInfo({ sub: "alice" }) }).key);
  });

  test("is the API key a caller presented, by its name, in a namespace of its own", () => {
    const auth = { subject: undefined, clientId: undefined, apiKey: "ada", scopes: [], claims: {}, expiresAt: undefined };
    expect(callerIdentityOf({ ...ANONYMOUS, auth, sessionId: "s1", http: true, remoteAddress: "127.0.0.1" })).toEqual({
      kind: "key",
      key: "key:ada",
      countKey: "key:ada",
    });
  });

  test("keeps an anonymous HTTP caller's state under its session and counts it by its address", () => {
    expect(callerIdentityOf({ ...ANONYMOUS, http: true, sessionId: "s1", remoteAddress: "127.0.0.2" })).toEqual({
      kind: "anonymous",
      key: "session:s1",
      countKey: "address:127.0.0.2",
    });
    expect(callerIdentityOf({ ...ANONYMOUS, http: true, sessionId: "s1" })).toMatchObject({ key: "session:s1", countKey: "session:s1" });
  });

  test("is an anonymous caller's address without a session (2026-07-28, stateless), else its connection", () => {
    expect(callerIdentityOf({ ...ANONYMOUS, http: true, remoteAddress: "::1" })).toMatchObject({ key: "address:::1", countKey: "address:::1" });
    expect(callerIdentityOf(ANONYMOUS)).toMatchObject({ kind: "anonymous", key: "connection:c1", countKey: "connection:c1" });
  });

  test("keeps a principal apart from a session or address of the same spelling", () => {
    const keys = [
      callerIdentityOf({ ...ANONYMOUS, auth: toAuthInfo({ client_id: "x" }) }).key,
      callerIdentityOf({ ...ANONYMOUS, auth: toAuthInfo({ sub: "x" }) }).key,
      callerIdentityOf({ ...ANONYMOUS, http: true, sessionId: "x" }).key,
      callerIdentityOf({ ...ANONYMOUS, http: true, remoteAddress: "x" }).key,
      callerIdentityOf({ ...ANONYMOUS, connectionId: "x" }).key,
    ];
    expect(new Set(keys).size).toBe(5);
  });
});

describe("isListableOwner", () => {
  test("lists no tasks of an address, which clients behind one NAT share", () => {
    expect(isListableOwner("address:127.0.0.1")).toBe(false);
    expect(isListableOwner("session:s1")).toBe(true);
    expect(isListableOwner("user:ada")).toBe(true);
  });
});
