import { describe, expect, test } from "vitest";
import { loadProviderSdk } from "./load-provider-sdk.js";

describe("loadProviderSdk", () => {
  test("names the package to install when the SDK is missing", async () => {
    const missing = "typemcp-no-such-provider-sdk";
    await expect(loadProviderSdk(missing, "openai", () => import(/* @vite-ignore */ missing))).rejects.toMatchObject({
      code: "HOST_PROVIDER_SETUP",
      exitCode: 2,
      message: `--provider openai needs the package ${missing}: install it next to typemcp (npm i -D ${missing}).`,
    });
  });

  test("returns the module when it loads", async () => {
    await expect(loadProviderSdk("node:path", "x", () => import("node:path"))).resolves.toHaveProperty("join");
  });
});
