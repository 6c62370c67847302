/**
 * What `typemcp build` writes in place of a bundled ES module entry (see `entryLoader`): turns on
 * Node's compile cache, then starts the server bundled beside it. The build bundles this file with
 * `TYPEMCP_BUNDLE_FILE` set to the bundle's name (`./server.bundle.js`), left as an import.
 * @packageDocumentation
 */
import nodeModule from "node:module";
import { enableCompileCache } from "../compile-cache.js";

enableCompileCache(nodeModule, nodeModule.createRequire(import.meta.url));
await import(TYPEMCP_BUNDLE_FILE);
// Written now rather than only at exit, so a server a host kills still leaves its cache behind.
(nodeModule as { flushCompileCache?: () => void }).flushCompileCache?.();
