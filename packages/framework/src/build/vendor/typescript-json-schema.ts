import type * as Tjs from "typescript-json-schema";
import { loadVendored } from "./load-vendored.js";

/** typescript-json-schema, bundled with typemcp and running on the author's own `typescript`. */
export const tjs = loadVendored<typeof Tjs>("./typescript-json-schema.cjs", "typescript-json-schema");
