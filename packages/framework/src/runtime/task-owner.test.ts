import { describe, expect, test } from "vitest";
import { toAuthInfo } from "./auth-info.js";
import { taskOwner } from "./task-owner.js";

describe("taskOwner", () => {
  test("is the authenticated principal in either era, over any session: the user the token names, else its OAuth client", () => {
    const auth = toAuthInfo({ client_id: "host-app", sub: "ada" });
    expect(taskOwner({ era: "legacy", auth, sessionId: "s1" })).toBe("principal:ada");
    expect(taskOwner({ era: "modern", auth })).toBe("principal:ada");
    expect(taskOwner({ era: "legacy", auth: toAuthInfo({ client_id: "host-app" }), sessionId: "s1" })).toBe("principal:host-app");
  });

  test("is the 2025-11-25 session, else the connection, when no principal is known", () => {
    expect(taskOwner({ era: "legacy", sessionId: "s1", connectionId: "c1" })).toBe("session:s1");
    expect(taskOwner({ era: "legacy", connectionId: "c1" })).toBe("session:c1");
    expect(taskOwner({ era: "legacy", auth: toAuthInfo({}), sessionId: "s1" })).toBe("session:s1");
  });

  test("is nobody for an unauthenticated 2026-07-28 request or a stateless 2025 one: the task id is the capability", () => {
    expect(taskOwner({ era: "modern", connectionId: "c1" })).toBeUndefined();
    expect(taskOwner({ era: "legacy" })).toBeUndefined();
  });

  test("keeps a principal apart from a session of the same spelling", () => {
    expect(taskOwner({ era: "legacy", auth: toAuthInfo({ client_id: "x" }) })).not.toBe(taskOwner({ era: "legacy", sessionId: "x" }));
  });
});
