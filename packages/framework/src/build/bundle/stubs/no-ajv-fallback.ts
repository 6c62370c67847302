/**
 * Workers have no ajv to fall back to: they refuse `new Function`, which is how ajv compiles a
 * schema, so a schema the build did not compile is refused, saying so (see precompiled-ajv.ts).
 * @packageDocumentation
 */
import type { CompilingAjv } from "./precompiled-ajv.js";

/** None. */
export const fallbackAjv: ((options: object) => CompilingAjv) | undefined = undefined;
