import type { Plugin } from "esbuild";
import { ownModuleFile } from "../own-module-file.js";

const SDK_V1_AJV_PROVIDER = ownModuleFile(new URL("./stubs/sdk-v1-ajv-provider.js", import.meta.url));
const SDK_V1 = /[\\/]@modelcontextprotocol[\\/]sdk[\\/]dist[\\/](esm|cjs)[\\/]/;
const SDK_V2_SHIMS = ownModuleFile(new URL("./stubs/sdk-v2-shims.js", import.meta.url));

/**
 * The v2 SDK (`@modelcontextprotocol/server`, which typemcp's runtime is built on) picks its
 * per-runtime module `@modelcontextprotocol/server/_shims` by export condition; the Node one
 * exports the ajv provider as `DefaultJsonSchemaValidator`, and importing it evaluates all of
 * ajv, its 2019 and 2020 dialects and ajv-formats (290 KB) at start-up, for `Server.elicitInput`
 * alone, which typemcp never calls (`Context` sends elicitation requests itself and validates
 * with its own ajv, loaded on first use). In a bundle, that module is
 * build/bundle/stubs/sdk-v2-shims.ts: the same exports, with a validator class that loads nothing.
 */
export const withoutSdkV2AjvProvider: Plugin = {
  name: "typemcp-without-sdk-v2-ajv-provider",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({ path: SDK_V2_SHIMS }));
  },
};

/**
 * typemcp no longer loads the 1.x SDK (`@modelcontextprotocol/sdk`): its runtime is on the v2
 * SDK above. An author's server still may, through its own code, and the 1.x `Server` imports
 * its ajv provider (all of ajv and ajv-formats) at load time for its `elicitInput` alone. In a
 * bundle that provider is build/bundle/stubs/sdk-v1-ajv-provider.ts, which loads nothing; a
 * server that calls the 1.x `elicitInput` with a schema gets an error saying so.
 */
export const withoutSdkV1AjvProvider: Plugin = {
  name: "typemcp-without-sdk-v1-ajv-provider",
  setup(pluginBuild) {
    // Before the plugin that serves the build's own files, which would resolve this relative import first.
    pluginBuild.onResolve({ filter: /[\\/]ajv-provider\.js$/ }, (args) => (SDK_V1.test(args.importer) ? { path: SDK_V1_AJV_PROVIDER } : undefined));
  },
};
