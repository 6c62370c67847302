/**
 * Stands in for `ajv-formats` where validators are compiled at build time: the compiled
 * functions check formats themselves, so adding formats to the instance does nothing.
 * @packageDocumentation
 */

/** Returns `ajv` unchanged. */
export default function addFormats<T>(ajv: T): T {
  return ajv;
}
