import type { Plugin } from "esbuild";
import { esbuild } from "../vendor/esbuild.js";
import { ownModuleFile } from "../own-module-file.js";

const AJV_FROM_CHUNK = ownModuleFile(new URL("./stubs/ajv-from-chunk.js", import.meta.url));
const FORMATS_FROM_CHUNK = ownModuleFile(new URL("./stubs/formats-from-chunk.js", import.meta.url));
const CHUNK_ENTRY = ownModuleFile(new URL("./stubs/validator-chunk-entry.cjs", import.meta.url));
const VALIDATOR_MODULES = /^(ajv\/dist\/2020\.js|ajv-formats)$/;
/** Marks the resolution `fromAuthorsPackage` asks esbuild for, so the plugin does not answer it again. */
const FROM_AUTHOR = Symbol("from the author's package");

/**
 * typemcp imports ajv and ajv-formats with `import()` on a tool's first call, so they are not
 * evaluated at start-up; but in a bundle their 215 KB would still be pre-parsed by V8 on every
 * start. Bundled once more on their own (CommonJS) and embedded as a string, which V8 only scans,
 * they are compiled with `new Function` at first use (build/bundle/stubs/validator-chunk.ts):
 * a lazy chunk inside the single file.
 */
export function validatorsAsText(): Plugin {
  return {
    name: "typemcp-validators-as-text",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: VALIDATOR_MODULES }, (args) => {
        if (args.kind !== "dynamic-import") return undefined;
        return { path: args.path === "ajv-formats" ? FORMATS_FROM_CHUNK : AJV_FROM_CHUNK };
      });
      pluginBuild.onResolve({ filter: /^typemcp:validator-chunk-source$/ }, (args) => ({
        path: args.path,
        namespace: "typemcp-validator-chunk",
        pluginData: { resolveDir: args.resolveDir },
      }));
      // Generated: the chunk's script as a string (validator-chunk.ts compiles it on first use).
      pluginBuild.onLoad({ filter: /.*/, namespace: "typemcp-validator-chunk" }, async (args) => ({
        loader: "js",
        contents: `const SOURCE = ${JSON.stringify(await bundleValidatorsOnce((args.pluginData as { resolveDir: string }).resolveDir))};\nexport default SOURCE;`,
      }));
    },
  };
}

// ajv's chunk is the same for every entry and every `typemcp dev` rebuild from one folder: bundle it once.
const validatorChunks = new Map<string, Promise<string>>();

function bundleValidatorsOnce(resolveDir: string): Promise<string> {
  let chunk = validatorChunks.get(resolveDir);
  if (!chunk) {
    chunk = bundleValidators(resolveDir);
    // A failed attempt is not kept: the next build tries again.
    chunk.catch(() => validatorChunks.delete(resolveDir));
    validatorChunks.set(resolveDir, chunk);
  }
  return chunk;
}

async function bundleValidators(resolveDir: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [CHUNK_ENTRY],
    plugins: [fromAuthorsPackage(resolveDir)],
    bundle: true,
    write: false,
    platform: "node",
    format: "cjs",
    target: "node20",
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "inline",
    logLevel: "error",
    metafile: true,
  });
  // Compiled with `new Function`, the chunk has no `require`: it must need nothing from outside.
  const outside = Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
  if (outside.length) throw new Error(`typemcp: the validator chunk must be self-contained, but it imports ${outside.join(", ")}`);
  return `${result.outputFiles[0]!.text}\n//# sourceURL=typemcp-validators.js`;
}

/**
 * Resolves ajv and ajv-formats from the author's package (`resolveDir`) rather than from the chunk
 * entry's place inside typemcp: the chunk carries the ajv the server installed, as the bundle's
 * other modules do.
 */
function fromAuthorsPackage(resolveDir: string): Plugin {
  return {
    name: "typemcp-validators-from-authors-package",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: VALIDATOR_MODULES }, async (args) => {
        if (args.pluginData === FROM_AUTHOR) return undefined;
        const resolved = await pluginBuild.resolve(args.path, { kind: args.kind, resolveDir, pluginData: FROM_AUTHOR });
        return resolved.errors.length ? { errors: resolved.errors } : { path: resolved.path };
      });
    },
  };
}
