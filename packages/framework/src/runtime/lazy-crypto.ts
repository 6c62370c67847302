import { createRequire } from "node:module";

type NodeCrypto = typeof import("node:crypto");
let loaded: NodeCrypto | undefined;

/**
 * `node:crypto`, loaded on first use: a stdio server answers its first requests without loading
 * it (test/bundle-startup.test.ts holds it to that), and only a 2026-07-28 input round, which
 * digests its arguments and questions, pays for it.
 */
export function nodeCrypto(): NodeCrypto {
  // A Workers module has no file URL to make a require from (import.meta.url is undefined
  // there): every runtime typemcp builds for has process.getBuiltinModule, Node from 20.16.
  const builtin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  loaded ??= (builtin?.("node:crypto") as NodeCrypto | undefined) ?? (createRequire(import.meta.url)("node:crypto") as NodeCrypto);
  return loaded;
}
