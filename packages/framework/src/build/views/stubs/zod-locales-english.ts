/**
 * Stands in for zod's `v4/locales/index.js` in a view's page: English only, the one locale a view
 * needs (see `zodInEnglishOnly`). Loaded in place of that index, it resolves zod from there: the
 * page carries the zod copy that imported it.
 * @packageDocumentation
 */
export { default as en } from "zod/v4/locales/en.js";
