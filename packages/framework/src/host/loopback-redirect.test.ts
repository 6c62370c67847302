import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, test } from "vitest";
import { startLoopbackRedirect } from "./loopback-redirect.js";

describe("startLoopbackRedirect", () => {
  test("hands over the redirect that carries the state it waits for, and answers any other 400", async () => {
    const redirect = await startLoopbackRedirect();
    try {
      expect(redirect.redirectUrl).toBe(`http://127.0.0.1:${redirect.port}/callback`);
      const back = redirect.waitForCallback("s-1", 10_000);
      const forged = await fetch(`${redirect.redirectUrl}?code=evil&state=other`);
      expect(forged.status).toBe(400);
      expect(await forged.text()).toBe("typemcp is not waiting for this login.\n");
      const real = await fetch(`${redirect.redirectUrl}?code=c-1&state=s-1`);
      expect(real.status).toBe(200);
      expect((await back).get("code")).toBe("c-1");
    } finally {
      await redirect.close();
    }
  });

  test("listens on the port of an earlier registration when it is free, else on another", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const busy = (taken.address() as AddressInfo).port;
    const redirect = await startLoopbackRedirect(busy);
    await redirect.close();
    await new Promise<void>((resolve) => taken.close(() => resolve()));
    expect(redirect.port).not.toBe(busy);
    const again = await startLoopbackRedirect(busy);
    await again.close();
    expect(again.port).toBe(busy);
  });

  test("gives up after the time it was given, in words", async () => {
    const redirect = await startLoopbackRedirect();
    await expect(redirect.waitForCallback("s", 50)).rejects.toThrow("no login came back within 0.05 s");
    await redirect.close();
  });
});
