import type * as Esbuild from "esbuild";
import { loadVendored } from "./load-vendored.js";

/** esbuild's JavaScript API, shipped with typemcp; its binary comes from `@esbuild/<platform>`. */
export const esbuild = loadVendored<typeof Esbuild>("./esbuild/lib/main.js", "esbuild");
