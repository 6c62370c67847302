import { HostError } from "../../errors/host-error.js";

/**
 * Imports a provider's SDK on first use. The SDKs are optional peer dependencies of typemcp: a
 * server author who never runs `typemcp chat` does not install them, and one who does gets told
 * which package to add.
 */
export async function loadProviderSdk<T>(packageName: string, provider: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
      throw new HostError(
        "HOST_PROVIDER_SETUP",
        `--provider ${provider} needs the package ${packageName}: install it next to typemcp (npm i -D ${packageName}).`,
        { cause: error },
      );
    }
    throw error;
  }
}
