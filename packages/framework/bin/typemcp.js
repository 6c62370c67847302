#!/usr/bin/env node
// Committed launcher: pnpm links a workspace bin only if its target exists at install time,
// and dist/ is built after install. It turns on Node's compile cache (Node 22.1+) before the
// CLI, and with it TypeScript's 9 MB, is compiled, so later runs read that code from the cache;
// where Node has none (Node 20), typemcp keeps TypeScript's compiled code itself.
import nodeModule from "node:module";
import { enableCompileCache } from "../dist/build/bundle/compile-cache.js";
import { cacheTypeScriptCode } from "../dist/build/typescript-code-cache.js";

enableCompileCache(nodeModule, nodeModule.createRequire(import.meta.url));
cacheTypeScriptCode(nodeModule);
await import("../dist/cli/index.js");
