/**
 * What `typemcp build` writes in place of a bundled CommonJS entry (see `entryLoader`): turns on
 * Node's compile cache, then starts the server bundled beside it. Bundled as CommonJS with
 * `TYPEMCP_BUNDLE_FILE` set to the bundle's name (`./server.bundle.cjs`), left as a `require`.
 * @packageDocumentation
 */
import { enableCompileCache } from "../compile-cache.js";

// require, not import: bundled as CommonJS, an import of node:module would bring esbuild's interop helpers.
const nodeModule = require("node:module") as typeof import("node:module");

enableCompileCache(nodeModule, require);
require(TYPEMCP_BUNDLE_FILE);
(nodeModule as { flushCompileCache?: () => void }).flushCompileCache?.();
