// Modules that exist only inside a bundle: the build's plugins answer these names.

/** The author's entry, as the build emitted it (the platform entries import it first). */
declare module "typemcp:served-entry" {}

/** The ajv functions compiled at build time for one instance, by the schema's canonical JSON. */
declare module "typemcp:validators-input" {
  export const TABLE: Record<string, (data: unknown) => boolean>;
}
declare module "typemcp:validators-output" {
  export const TABLE: Record<string, (data: unknown) => boolean>;
}

/** ajv and ajv-formats bundled into one CommonJS script, as text (see validator-chunk.ts). */
declare module "typemcp:validator-chunk-source" {
  const source: string;
  export default source;
}

/** ajv-fallback.ts, or no-ajv-fallback.ts where the platform cannot compile at run time. */
declare module "typemcp:ajv-fallback" {
  export const fallbackAjv: ((options: object) => import("./precompiled-ajv.js").CompilingAjv) | undefined;
}

/** The text files a platform bundle carries, by their path in the package (see bundled-fs.ts). */
declare module "typemcp:bundled-files" {
  const files: Record<string, string>;
  export default files;
}

/** The name of the bundle an entry loader starts, beside it (`./server.bundle.js`): set by the build. */
declare const TYPEMCP_BUNDLE_FILE: string;
