import { afterEach, describe, expect, test, vi } from "vitest";
import { createMemoryOAuthProxyStore } from "./oauth-proxy-store.js";

describe("createMemoryOAuthProxyStore", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("take hands a value out once", async () => {
    const store = createMemoryOAuthProxyStore();
    await store.set("code", "c1", "grant", 60_000);
    expect(await store.take("code", "c1")).toBe("grant");
    expect(await store.take("code", "c1")).toBeUndefined();
    expect(await store.get("code", "c1")).toBeUndefined();
  });

  test("forgets a value past its time to live", async () => {
    vi.useFakeTimers();
    const store = createMemoryOAuthProxyStore();
    await store.set("flow", "f1", "login", 1_000);
    vi.advanceTimersByTime(999);
    expect(await store.get("flow", "f1")).toBe("login");
    vi.advanceTimersByTime(1);
    expect(await store.take("flow", "f1")).toBeUndefined();
  });

  test("keeps each kind to its bound, dropping the oldest, without touching the other kinds", async () => {
    const store = createMemoryOAuthProxyStore({ client: 2, flow: 2, code: 2 });
    await store.set("code", "kept", "c", 60_000);
    for (const id of ["a", "b", "c"]) await store.set("client", id, id, 60_000);
    expect(await store.get("client", "a")).toBeUndefined();
    expect([await store.get("client", "b"), await store.get("client", "c"), await store.get("code", "kept")]).toEqual(["b", "c", "c"]);
  });
});
