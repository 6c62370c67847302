#!/usr/bin/env node
// Committed launcher: pnpm links a workspace bin only if its target exists at install time,
// and dist/ is built after install. It turns on Node's compile cache (Node 22.1+) before the
// CLI is compiled, so later runs read that code from the cache. TypeScript's 9 MB typemcp keeps
// itself, on every Node: Node's cache holds only what is compiled before a module first runs.
import nodeModule from "node:module";
import { enableCompileCache } from "../dist/build/bundle/compile-cache.js";
import { cacheTypeScriptCode } from "../dist/build/typescript-code-cache.js";

enableCompileCache(nodeModule, nodeModule.createRequire(import.meta.url));
cacheTypeScriptCode(nodeModule);
await import("../dist/cli/index.js");
