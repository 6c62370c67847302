import path from "node:path";
import ts from "./typescript.cjs";

/**
 * Settings of a tsconfig.json written for TypeScript 6 or 7, read by typemcp's TypeScript 5.9 as
 * the project's own compiler reads them.
 *
 * TypeScript 6.0 changed defaults (strict, target, module, types, rootDir…) and accepts values
 * 5.9 does not know (`target: "es2025"`, `ignoreDeprecations: "6.0"`); 7.x keeps 6.0's. Without
 * this, a config that is valid for the project's `tsc` would be refused, or read with other
 * strictness and so give other schemas (`strictNullChecks` decides what is optional).
 */

/** Every option name 5.9 knows, and the values of those with a fixed set of them. */
const KNOWN: ReadonlyMap<string, ReadonlySet<string> | undefined> = new Map(
  (ts as unknown as { optionDeclarations: { name: string; type: unknown }[] }).optionDeclarations.map((option) => [
    option.name.toLowerCase(),
    option.type instanceof Map ? new Set([...option.type.keys()].map(String)) : undefined,
  ]),
);
const KNOWN_LIBS = new Set((ts as unknown as { libs: string[] }).libs);

/**
 * Rewrites one config file's text so 5.9 reads it as the newer compiler would: options 5.9 does
 * not know are left out, a newer `target`/`module` value becomes `esnext`, a newer lib
 * (`es2025`, `es2025.collection`) its `esnext` counterpart. Text that is not a config object is
 * returned as it is, for 5.9 to report.
 */
export function readNewerConfigText(fileName: string, text: string): string {
  const { config } = ts.parseConfigFileTextToJson(fileName, text);
  const options = config?.compilerOptions;
  if (!options || typeof options !== "object") return text;
  for (const [name, value] of Object.entries(options as Record<string, unknown>)) {
    const key = name.toLowerCase();
    if (key === "ignoredeprecations" || !KNOWN.has(key)) {
      delete options[name];
      continue;
    }
    const values = KNOWN.get(key);
    if (values && typeof value === "string" && !values.has(value.toLowerCase())) {
      if (key === "target" || key === "module") options[name] = "esnext";
      else if (key === "moduleresolution") options[name] = "bundler";
    }
    if (key === "lib" && Array.isArray(value)) options[name] = value.flatMap((lib) => (typeof lib === "string" ? newerLib(lib) : [lib]));
  }
  return JSON.stringify(config);
}

/** A lib name 5.9 knows for `lib`: itself, its esnext counterpart, or none. */
function newerLib(lib: string): string[] {
  const name = lib.toLowerCase();
  if (KNOWN_LIBS.has(name)) return [name];
  const esnext = name.replace(/^es20\d\d/, "esnext");
  return KNOWN_LIBS.has(esnext) ? [esnext] : [];
}

/**
 * TypeScript 6.0's defaults, for each setting the config chain leaves unset: strict, the newest
 * target and module (with bundler resolution), no automatic `@types`, the config's own folder
 * as rootDir, interop always on, `dom` with its iterable part.
 */
export function applyNewerDefaults(options: ts.CompilerOptions, configPath: string): void {
  options.strict ??= true;
  options.target ??= ts.ScriptTarget.ESNext;
  if (options.module === undefined) {
    options.module = ts.ModuleKind.ESNext;
    options.moduleResolution ??= ts.ModuleResolutionKind.Bundler;
  } else if (options.moduleResolution === undefined && options.module >= ts.ModuleKind.ES2015 && options.module <= ts.ModuleKind.ESNext) {
    options.moduleResolution = ts.ModuleResolutionKind.Bundler;
  }
  options.types ??= [];
  if (options.rootDir === undefined && !options.composite) options.rootDir = path.dirname(path.resolve(configPath));
  options.esModuleInterop ??= true;
  options.allowSyntheticDefaultImports ??= true;
  options.noUncheckedSideEffectImports ??= true;
  options.libReplacement ??= false;
  const dom = options.lib?.find((file) => file === "lib.dom.d.ts");
  if (dom && !options.lib!.includes("lib.dom.iterable.d.ts")) options.lib = [...options.lib!, "lib.dom.iterable.d.ts"];
}
